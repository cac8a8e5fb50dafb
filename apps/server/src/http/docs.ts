import { html, raw } from 'hono/html';
import { z } from 'zod';
import { FONT_MONO, FONT_SANS } from './page-style';

const ZDoc = z.object({
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z
    .record(
      z.string(),
      z.record(z.string(), z.object({ summary: z.string().optional(), tags: z.array(z.string()).optional() })),
    )
    .optional(),
});

/** A path that may wrap before a slash (on a phone), never inside a word. */
function breakablePath(path: string) {
  return path.split('/').map((part, i) => (i < 2 ? html`${i ? '/' : ''}${part}` : html`<wbr>/${part}`));
}

/** A self-contained API reference (no CDN), built from the OpenAPI document. */
export function renderDocs(document: unknown) {
  const doc = ZDoc.parse(document);
  const ops = Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${doc.info.title} — API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${raw(`body{font-family:${FONT_SANS};max-width:960px;margin:0 auto;padding:24px 16px;color:#0f172a}
h1{font-size:28px}small{font-size:60%;color:#64748b;font-weight:500}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:6px 8px;text-align:left;font-size:14px;vertical-align:top}
code{font-family:${FONT_MONO};font-size:13px}.m{font-weight:600;width:70px}.area{color:#475569}
@media (max-width:640px){thead{display:none}tr{display:grid;grid-template-columns:64px minmax(0,1fr);gap:2px 8px;padding:10px 0;border-bottom:1px solid #e2e8f0}
td{border:0;padding:0}td.area,td.sum{grid-column:2}td.area{font-size:13px}}`)}</style></head>
<body><h1>${doc.info.title} API <small>v${doc.info.version}</small></h1>
<p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>. Errors answer
<code>{ "error": { "code", "message", "fields"? } }</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Area</th><th>What it does</th></tr></thead><tbody>
${ops.map((o) => html`<tr><td class="m">${o.method}</td><td><code>${breakablePath(o.path)}</code></td><td class="area">${(o.op.tags ?? []).join(', ')}</td><td class="sum">${o.op.summary ?? ''}</td></tr>`)}
</tbody></table></body></html>`;
}
