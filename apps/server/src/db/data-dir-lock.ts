import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../startup-error';

export const LOCK_FILE = 'pennant.lock';

/** True while a process with that pid exists (EPERM: it exists but belongs to someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The pid of another live process holding the data directory's lock, or null (free or stale). */
export function lockOwner(dataDir: string): number | null {
  const owner = readOwner(join(dataDir, LOCK_FILE));
  return owner !== null && owner !== process.pid && isAlive(owner) ? owner : null;
}

export interface TDataDirLock {
  release(): void;
}

/**
 * The embedded database is one process's files: a second server on the same directory would
 * corrupt it or lose writes. The lock is a file created exclusively with the owner's pid; a lock
 * whose process is gone (a crash, a kill -9) is stale and taken over.
 */
export function lockDataDir(dataDir: string): TDataDirLock {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readOwner(file) === process.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner !== null && owner !== process.pid && isAlive(owner)) {
        throw new StartupError(
          `Data directory ${dataDir} is in use by process ${owner}. Stop that server first, or set DATA_DIR to another folder.`,
        );
      }
      // Stale (its process is gone) or unreadable: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new StartupError(`Data directory ${dataDir} could not be locked (${file}). Remove that file and start again.`);
}
