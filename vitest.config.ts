import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { serverNodeFlags } from './apps/server/node-flags.mjs';

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

/**
 * Files that start server processes (a minute or more each, mostly waiting on them) go first in
 * their project, so they overlap the quick files instead of running alone at the end of the run.
 * A clean clone has no timings cached, and the default order (largest file first) put them last.
 */
const SPAWNS_PROCESSES = /node:child_process|\/test\/nodes'/;
class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const spawns = new Map(
      sorted.map((f) => [f.moduleId, SPAWNS_PROCESSES.test(readFileSync(f.moduleId, 'utf8'))] as const),
    );
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    return projects.flatMap((name) => {
      const mine = sorted.filter((f) => f.project.name === name);
      return [...mine.filter((f) => spawns.get(f.moduleId)), ...mine.filter((f) => !spawns.get(f.moduleId))];
    });
  }
}

export default defineConfig({
  // The web app's tests render components: its @/ alias (JSX compiles with the automatic runtime, oxc's default).
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The workers run on the server's Node.js flags, so the server's code is tested as it runs.
    execArgv: serverNodeFlags(),
    maxWorkers: 2,
    sequence: { sequencer: ProcessesFirst },
    projects: [
      {
        extends: true,
        test: { name: 'node', include: NODE_TESTS, exclude: MOCKING_NODE_TESTS, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: [...WEB_TESTS, ...MOCKING_NODE_TESTS] } },
    ],
  },
});
