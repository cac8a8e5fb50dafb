import { html } from 'hono/html';
import { z } from 'zod';

const ZDoc = z.object({
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z
    .record(
      z.string(),
      z.record(z.string(), z.object({ summary: z.string().optional(), tags: z.array(z.string()).optional() })),
    )
    .optional(),
});

/** A self-contained API reference (no CDN), built from the OpenAPI document. */
export function renderDocs(document: unknown) {
  const doc = ZDoc.parse(document);
  const ops = Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${doc.info.title} — API</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#0f172a}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:6px 8px;text-align:left;font-size:14px}
code{font-family:ui-monospace,monospace}.m{font-weight:600;width:70px}</style></head>
<body><h1>${doc.info.title} API <small>v${doc.info.version}</small></h1>
<p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>. Errors answer
<code>{ "error": { "code", "message", "fields"? } }</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Area</th><th>What it does</th></tr></thead><tbody>
${ops.map((o) => html`<tr><td class="m">${o.method}</td><td><code>${o.path}</code></td><td>${(o.op.tags ?? []).join(', ')}</td><td>${o.op.summary ?? ''}</td></tr>`)}
</tbody></table></body></html>`;
}
