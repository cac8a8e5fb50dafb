import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const NODE_TESTS = ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'];
const WEB_TESTS = ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'];

/**
 * Server and shared tests share their workers' module graph (isolate: false): each file would
 * otherwise import the whole server again, about 3 s a file on 2 cores, a third of the run. A file
 * that replaces a module with vi.mock needs a graph of its own, so those files (found by reading
 * them, not listed by hand) run isolated, as do the web app's component tests, which mock freely.
 */
const MOCKING_NODE_TESTS = NODE_TESTS.flatMap((pattern) => globSync(pattern)).filter((file) =>
  readFileSync(file, 'utf8').includes('vi.mock('),
);

export default defineConfig({
  // The web app's tests render components: its @/ alias (JSX compiles with the automatic runtime, oxc's default).
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: NODE_TESTS, exclude: MOCKING_NODE_TESTS, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: [...WEB_TESTS, ...MOCKING_NODE_TESTS] } },
    ],
  },
});
