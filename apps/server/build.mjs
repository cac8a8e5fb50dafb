// Bundles the server for `npm start`: our own code (and the shared package) in one file,
// third-party packages left to node_modules.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
// PGlite ships WASM and data files it finds next to itself, pg has an optional native binding and
// pg-boss loads its SQL at run time: those stay in node_modules. Everything else is bundled, which
// makes a cold start several times faster than resolving thousands of module files.
// prettier is imported by @react-email/render only to pretty-print, which Pennant never asks for.
// pdfkit finds its font metrics (#standard-fonts, data/*.afm) and colour profile next to itself,
// and it, the AWS SDK and the OpenAI SDK are imported on first use only (documents/pdf-layout.ts,
// integrations/files/s3.ts, integrations/ai/openai.ts, integrations/payments/stripe.ts): left in
// node_modules, they cost nothing at start.
const external = [
  '@electric-sql/pglite',
  'pg',
  'pg-native',
  'pg-boss',
  'prettier',
  'pdfkit',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  'openai',
  'stripe',
];
void pkg;

rmSync(join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    main: join(here, 'src/main.ts'),
    admin: join(here, 'src/admin.ts'),
    'make-pglite-template': join(here, 'src/db/make-pglite-template.ts'),
  },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  minifySyntax: true,
  treeShaking: true,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
cpSync(join(here, 'src/db/migrations'), join(here, 'dist/migrations'), {
  recursive: true,
  filter: (src) => !src.includes('/meta'),
});
// A fresh embedded database starts from this migrated template (db/pglite-template.ts).
execFileSync(
  process.execPath,
  [join(here, 'dist/make-pglite-template.js'), join(here, 'dist/pglite-template.tar.gz')],
  {
    stdio: 'inherit',
  },
);
