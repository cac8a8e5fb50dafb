import fs from 'node:fs'; import pg from 'pg';
const [file, match, dbUrl, idx = '1', mode = 'auto'] = process.argv.slice(2);
const d = JSON.parse(fs.readFileSync(file, 'utf8'));
const c = new pg.Client({ connectionString: dbUrl }); await c.connect();
for (const [k, conns] of Object.entries(d)) { if (!k.includes(match)) continue;
  const g = conns[0]; await c.query(g[0].text.replace(/;?\s*$/, ''));
  await c.query(`SET plan_cache_mode = ${mode}`);
  const s = g[Number(idx)];
  const times = [];
  for (let i = 0; i < 200; i++) { const t = process.hrtime.bigint(); await c.query({ name: 'x', text: s.text, values: s.values }); times.push(Number(process.hrtime.bigint() - t) / 1e6); }
  times.sort((a, b) => a - b); console.log(k.slice(-30), mode, 'median', times[100].toFixed(2), 'p90', times[180].toFixed(2));
  await c.query('ROLLBACK'); }
await c.end();
