// Generated documents: how long the PDF renderer takes for a one-page price sheet and a 100-item
// one, and the whole price-sheet request (database, render, file store, signed link) on PGlite.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { shutdown } from '../apps/server/src/boot';
import { samplePriceSheet } from '../apps/server/src/documents/fixtures/sample-price-sheet';
import { loadPdfKit } from '../apps/server/src/documents/pdf-layout';
import { renderPriceSheet, type TPriceSheetData } from '../apps/server/src/documents/price-sheet';
import { bootBench, openBenchDatabase, percentile, signUpWithOrg, type TApp } from './harness';

const RUNS = 20;
const WARMUP = 3;
const ROUTE_ITEMS = 100;
const ORIGIN = 'http://localhost:3995';
const TARGETS = { onePage: 50, hundred: 300 };

const writeDir = process.argv.find((a) => a.startsWith('--write='))?.slice('--write='.length);
const skipRoute = process.argv.includes('--no-route');

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface TFigures {
  p50: number;
  p95: number;
  max: number;
}

async function timeRuns(run: () => Promise<unknown>): Promise<TFigures> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] ?? 0 };
}

const pageCount = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString('latin1')
    .match(/\/Type \/Page\b/g)?.length ?? 0;

function line(label: string, f: TFigures, target?: number): string {
  const verdict =
    target === undefined
      ? ''
      : f.p95 < target
        ? `   (target < ${target} ms: met)`
        : `   (target < ${target} ms: MISSED)`;
  return `  ${label.padEnd(34)} p50 ${ms(f.p50).padStart(9)}   p95 ${ms(f.p95).padStart(9)}   max ${ms(f.max).padStart(9)}${verdict}`;
}

async function renderer(): Promise<boolean> {
  const cases: { label: string; data: TPriceSheetData; target: number; file: string }[] = [
    { label: 'one-page price sheet', data: samplePriceSheet(6, 2), target: TARGETS.onePage, file: 'one-page.pdf' },
    { label: '100-item price sheet', data: samplePriceSheet(100, 6), target: TARGETS.hundred, file: '100-items.pdf' },
  ];
  print(`Renderer (pdfkit, Helvetica): ${WARMUP} warm-up + ${RUNS} measured renders per case`);
  const importStarted = performance.now();
  await loadPdfKit();
  print(`  pdfkit import (once, on the first document)   ${ms(performance.now() - importStarted)}`);
  let met = true;
  for (const c of cases) {
    const sample = await renderPriceSheet(c.data);
    const figures = await timeRuns(() => renderPriceSheet(c.data));
    print(line(c.label, figures, c.target));
    print(`  ${''.padEnd(34)} ${pageCount(sample)} page(s), ${kb(sample.length)}`);
    met &&= figures.p95 < c.target;
    if (writeDir) {
      writeFileSync(join(writeDir, c.file), sample);
      print(`  ${''.padEnd(34)} written to ${join(writeDir, c.file)}`);
    }
  }
  return met;
}

async function call(app: TApp, cookie: string, path: string, body: unknown): Promise<unknown> {
  const res = await app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const ZId = z.object({ id: z.string() });
const ZAdTypes = z.object({ adTypes: z.array(z.object({ id: z.string() })) });

async function route(): Promise<void> {
  const opened = await openBenchDatabase('pglite', null);
  const { deps, app } = await bootBench(opened, ORIGIN, 'inline');
  try {
    const { cookie } = await signUpWithOrg(app, ORIGIN, 'documents');
    const types = ZAdTypes.parse(await (await app.request(`${ORIGIN}/api/ad-types`, { headers: { cookie } })).json());
    const masterTypeId = types.adTypes[0]?.id ?? '';
    const items = [];
    for (let i = 1; i <= ROUTE_ITEMS; i++) {
      const product = ZId.parse(
        await call(app, cookie, '/api/products', {
          name: `Fence Panel ${i}`,
          masterTypeId,
          recurringPriceCents: 25_000 + i * 100,
          setupFeeCents: i % 4 === 0 ? 5_000 : null,
          isLimited: i % 3 === 0,
          locationText: i % 3 === 0 ? `Section ${i}` : null,
        }),
      );
      items.push({ kind: 'product', id: product.id, displayPriceCents: 25_000 + i * 100 });
    }
    const list = ZId.parse(
      await call(app, cookie, '/api/price-lists', { name: 'Bench Menu', seasonLabel: '2026', items }),
    );
    print('');
    print(`The whole request on PGlite: POST /api/price-lists/{id}/sheet, ${ROUTE_ITEMS} products`);
    print('  (session, the list in one tenant transaction, render, write to DATA_DIR/files, signed link)');
    const figures = await timeRuns(() => call(app, cookie, `/api/price-lists/${list.id}/sheet`, {}));
    print(line(`${ROUTE_ITEMS}-item price sheet`, figures));
  } finally {
    await shutdown(deps);
    await opened.drop();
  }
}

const met = await renderer();
if (!skipRoute) await route();
print('');
print(met ? 'Renderer targets met (p95).' : 'A renderer target was MISSED (p95).');
process.exit(met ? 0 : 1);
