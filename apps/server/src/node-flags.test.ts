import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../node-flags.mjs';

// The async_hooks implementation of AsyncLocalStorage keeps its store under a resource symbol named
// kResourceStore; the AsyncContextFrame one has no such field. That field is how a test tells them apart.
const ON_ASYNC_HOOKS =
  "process.stdout.write(String('kResourceStore' in new (require('node:async_hooks').AsyncLocalStorage)()))";

describe("the server's Node.js flags (node-flags.mjs)", () => {
  it('are flags this Node.js takes, and with them AsyncLocalStorage is not built on async_hooks', () => {
    const run = spawnSync(process.execPath, [...serverNodeFlags(), '-e', ON_ASYNC_HOOKS], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('false');
  });

  it('are the test workers’ own, so the tests run the server as it is started', () => {
    expect('kResourceStore' in new AsyncLocalStorage()).toBe(false);
  });

  it('ask for AsyncContextFrame only on the Node.js versions that have it as an option', () => {
    expect(serverNodeFlags('22.12.0')).toEqual(['--experimental-async-context-frame']);
    expect(serverNodeFlags('24.11.1')).toEqual([]);
  });
});
