import fs from 'node:fs'; import pg from 'pg';
const [file, match, dbUrl, loops = '1'] = process.argv.slice(2);
const d = JSON.parse(fs.readFileSync(file, 'utf8'));
const c = new pg.Client({ connectionString: dbUrl }); await c.connect();
for (const [k, conns] of Object.entries(d)) { if (match.startsWith("=") ? k !== match.slice(1) : !k.includes(match)) continue; console.log('=== ' + k);
  for (const g of conns) { await c.query(g[0].text.replace(/;?\s*$/, '')); // BEGIN + settings (simple protocol)
    for (const s of g.slice(1)) { if (/^(COMMIT|ROLLBACK)/.test(s.text)) continue; 
      for (let i = 0; i < Number(loops); i++) { const r = await c.query({ text: 'EXPLAIN (ANALYZE, BUFFERS) ' + s.text, values: s.values }); if (i === Number(loops) - 1) console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n')); } console.log('---'); }
    await c.query('ROLLBACK'); } }
await c.end();
