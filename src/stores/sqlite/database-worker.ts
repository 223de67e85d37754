import { parentPort, Worker, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { StoreError } from '../../errors/store-error.ts';
import { loadSqliteVec } from './load-sqlite-vec.ts';

// Work that reads a whole agent database (reading the keyword postings) takes seconds to minutes. It runs in a worker thread on a
// read-only connection of its own, so the event loop that answers queries is
// never held up; WAL lets it read while the engine writes.

interface DatabaseWorkerData {
  /** The worker module (a .ts file URL), started through core/worker-entry.mjs. */
  module: string;
  databaseFile: string;
  input: unknown;
}

type Reply<T> = { value: T } | { error: string };

/**
 * Runs `module` once in a worker thread on `databaseFile` with `input`, and
 * resolves with the value it answers (see `answerFromDatabase`). Failures
 * reject with a StoreError whose message starts with `failure`.
 */
export function runDatabaseWorker<T>(module: URL, databaseFile: string, input: unknown, failure: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const data: DatabaseWorkerData = { module: module.href, databaseFile, input };
    const worker = new Worker(new URL('../../core/worker-entry.mjs', import.meta.url), { workerData: data });
    let settled = false;
    const fail = (cause: unknown) => {
      if (settled) return;
      settled = true;
      reject(new StoreError({ message: `${failure} (${databaseFile})`, cause }));
    };
    worker.once('message', (reply: Reply<T>) => {
      if ('error' in reply) return fail(new Error(reply.error));
      settled = true;
      resolve(reply.value);
    });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`worker exited with code ${code}`)));
  });
}

/**
 * The worker side: opens the database read-only (sqlite-vec loaded), runs
 * `work` with the caller's input and posts its value back, with `transfer`
 * handed over rather than copied; an error is posted as its message.
 */
export async function answerFromDatabase<Input, T>(work: (db: Database.Database, input: Input) => Promise<{ value: T; transfer?: ArrayBuffer[] }>): Promise<void> {
  const { databaseFile, input } = workerData as DatabaseWorkerData;
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    loadSqliteVec(db);
    const { value, transfer = [] } = await work(db, input as Input);
    parentPort!.postMessage({ value } satisfies Reply<T>, transfer);
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies Reply<T>);
  } finally {
    db.close();
  }
}
