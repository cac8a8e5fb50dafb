// What the landing page weighs over the wire: its HTML, stylesheets and scripts, as the server
// sends them to a browser that accepts brotli and gzip. Starts nothing; point it at a running
// server: `node scripts/landing-weight.mjs [base URL]` (default http://localhost:3000).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

const base = new URL(process.argv[2] ?? 'http://localhost:3000');
const ACCEPT_ENCODING = 'br, gzip';

/** One GET, body left as sent (Node's http client does not decode it): bytes on the wire. */
function get(url) {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { headers: { 'Accept-Encoding': ACCEPT_ENCODING } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(body, encoding) {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/** The stylesheets, scripts and module preloads an HTML page asks for. */
function htmlAssets(html) {
  const found = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name) => new RegExp(`\\s${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];
    if (tag.toLowerCase().startsWith('<script')) {
      const src = attr('src');
      if (src) found.push(src);
    } else if (/^(?:stylesheet|modulepreload)$/i.test(attr('rel') ?? '')) {
      const href = attr('href');
      if (href) found.push(href);
    }
  }
  return found;
}

/** A module's static imports (`import … from "./x.js"`, `import "./x.js"`): loaded with it, not on demand. */
function jsImports(code) {
  const found = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.m?js)["']/g)) if (m[1]) found.push(m[1]);
  return found;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [];

async function load(url, kind) {
  const res = await get(url);
  if (res.status !== 200) throw new Error(`${url.href} answered ${res.status}`);
  const encoding = String(res.headers['content-encoding'] ?? 'identity');
  const body = decode(res.wire, encoding);
  rows.push({ path: url.pathname, kind, encoding, wire: res.wire.length, decoded: body.length });
  return body.toString('utf8');
}

const html = await load(new URL('/', base), 'html');
const queue = htmlAssets(html).map((ref) => new URL(ref, base));
const seen = new Set(queue.map((u) => u.href));
while (queue.length) {
  const url = queue.shift();
  if (!url || url.origin !== base.origin) continue;
  const kind = /\.css$/.test(url.pathname) ? 'css' : /\.m?js$/.test(url.pathname) ? 'js' : 'other';
  const text = await load(url, kind);
  if (kind !== 'js') continue;
  for (const ref of jsImports(text)) {
    const next = new URL(ref, url);
    if (!seen.has(next.href)) {
      seen.add(next.href);
      queue.push(next);
    }
  }
}

const width = Math.max(...rows.map((r) => r.path.length), 5);
console.log(`Landing page ${new URL('/', base).href} (Accept-Encoding: ${ACCEPT_ENCODING})\n`);
console.log(`${'asset'.padEnd(width)}  ${'encoding'.padEnd(8)}  ${'wire'.padStart(9)}  ${'decoded'.padStart(9)}`);
for (const r of rows) {
  console.log(
    `${r.path.padEnd(width)}  ${r.encoding.padEnd(8)}  ${kb(r.wire).padStart(9)}  ${kb(r.decoded).padStart(9)}`,
  );
}
const total = rows.reduce((sum, r) => sum + r.wire, 0);
const decoded = rows.reduce((sum, r) => sum + r.decoded, 0);
console.log(`${'total'.padEnd(width)}  ${''.padEnd(8)}  ${kb(total).padStart(9)}  ${kb(decoded).padStart(9)}`);
for (const kind of ['html', 'css', 'js']) {
  const of = rows.filter((r) => r.kind === kind);
  if (of.length)
    console.log(`  ${kind}: ${kb(of.reduce((s, r) => s + r.wire, 0))} over the wire in ${of.length} file(s)`);
}
console.log(`\n${total} bytes over the wire (${decoded} decoded)`);
