// Bundles the server for `npm start`: our own code (and the shared package) in one file,
// third-party packages left to node_modules.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@pennant/'));

rmSync(join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { main: join(here, 'src/main.ts'), admin: join(here, 'src/admin.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
cpSync(join(here, 'src/db/migrations'), join(here, 'dist/migrations'), {
  recursive: true,
  filter: (src) => !src.includes('/meta'),
});
