import fs from 'node:fs'; import pg from 'pg';
const [file, match, dbUrl, idx = '1'] = process.argv.slice(2);
const d = JSON.parse(fs.readFileSync(file, 'utf8'));
const c = new pg.Client({ connectionString: dbUrl }); await c.connect();
for (const [k, conns] of Object.entries(d)) { if (!k.includes(match)) continue; console.log('=== ' + k);
  const g = conns[0]; await c.query(g[0].text.replace(/;?\s*$/, ''));
  for (const s of g.slice(1)) { if (/^(COMMIT|ROLLBACK)/.test(s.text)) continue; await c.query({ name: 'p' + Math.random().toString(36).slice(2), text: s.text, values: s.values }); }
  const s = g[Number(idx)];
  const name = 'stmt_x';
  for (let i = 0; i < 8; i++) { const t = process.hrtime.bigint(); await c.query({ name, text: s.text, values: s.values }); console.log('run', i, Number(process.hrtime.bigint() - t) / 1e6, 'ms'); }
  // explain the generic plan
  await c.query(`PREPARE gp AS ${s.text}`);
  await c.query(`SET plan_cache_mode = force_generic_plan`);
  const lit = s.values.map((v) => v === null ? 'NULL' : `'${String(typeof v === 'object' ? JSON.stringify(v) : v).replace(/'/g, "''")}'`).join(', ');
  const r = await c.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE gp(${lit})`);
  console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  await c.query('ROLLBACK'); }
await c.end();
