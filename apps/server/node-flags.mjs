// The Node.js flags the server runs with, wherever a server process starts: `npm start`, `npm run
// dev`, the E2E run's server, the processes the tests and benchmarks start, and the test workers
// (so the tests run the server as production does).
//
// AsyncLocalStorage (better-auth keeps each request's state in one) is built on async_hooks in
// Node.js 22 unless AsyncContextFrame is switched on: once any store has run, every promise the
// process makes calls a JavaScript init hook, 4.8% of the app's busy time in a CPU profile of a
// small read under load, 0.2% with the flag (bench/README.md, "AsyncLocalStorage without
// async_hooks"). Node.js 24 and later use AsyncContextFrame by default and no longer take the flag.

/** @param {string} [version] the Node.js version, `process.versions.node` by default */
export function serverNodeFlags(version = process.versions.node) {
  const major = Number(version.split('.')[0]);
  return major === 22 || major === 23 ? ['--experimental-async-context-frame'] : [];
}
