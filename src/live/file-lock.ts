import fs from 'node:fs';
import path from 'node:path';
import { makeDirectory } from '../config/make-directory.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';

/** How long a process waits for another's lock on a file before DATABASE_BUSY. */
const LOCK_WAIT_MS = 5_000;
/** A lock older than this is taken as left by a process that died holding it (a read-merge-write takes milliseconds). */
const STALE_MS = 30_000;

/**
 * Runs `work` (synchronous: a read, a merge and a write of `file`) while this process holds `<file>.lock`, so that
 * another process's read-merge-write of the same file waits instead of interleaving: two processes closing working
 * memory at once each read the snapshot before the other's write, and the later write lost the earlier's
 * conversation, or brought back one a forget had just dropped (the round 22 probe, by reading the code). The lock is a
 * file made with O_EXCL holding the owner's pid; one whose owner is gone, or older than STALE_MS, is taken over.
 *
 * @example
 * withFileLock('memory/working.json', () => writeFileAtomically('memory/working.json', merge(read())));
 */
export function withFileLock<T>(file: string, work: () => T, options: { agentId?: string } = {}): T {
  const lock = `${file}.lock`;
  makeDirectory(path.dirname(file), { hint: '' });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let attempt = 1; !tryLock(lock); attempt += 1) {
    if (leftBehind(lock)) {
      fs.rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new HippocampusError({
        code: 'DATABASE_BUSY',
        message: `${file} stayed locked by another process for ${LOCK_WAIT_MS / 1000} s (${lock}): nothing was changed; try again`,
        details: { file, ...(options.agentId === undefined ? {} : { agentId: options.agentId }) },
      });
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.min(50, 5 * attempt));
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function tryLock(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `Cannot lock ${lock} (${(error as Error).message}): nothing was changed`, cause: error });
  }
}

/** The lock's owner is no longer running, or it has been held far longer than any read-merge-write takes. */
function leftBehind(lock: string): boolean {
  let owner: number;
  let age: number;
  try {
    owner = Number(fs.readFileSync(lock, 'utf8'));
    age = Date.now() - fs.statSync(lock).mtimeMs;
  } catch {
    return false; // released meanwhile: the next attempt takes it
  }
  if (age > STALE_MS) return true;
  if (!Number.isInteger(owner) || owner <= 0) return age > 1_000; // being written, or not a lock of ours
  try {
    process.kill(owner, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
