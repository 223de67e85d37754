import { parentPort, Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { StoreError } from '../../errors/store-error.ts';
import { loadSqliteVec } from './load-sqlite-vec.ts';

// Work that reads a whole agent database (reading the keyword postings) takes seconds to minutes. It runs in a worker thread on a
// read-only connection of its own, so the event loop that answers queries is
// never held up; WAL lets it read while the engine writes.
//
// One thread per worker module answers every request of this thread (in turn), kept while requests come: a thread started
// per request paid its start (an isolate, tsx and the module graph from the sources: ~0.25 s of CPU) for each agent, which
// for fifty 2k agents was fifty starts at opening, and fifty more, one after another, in each read worker — still under way
// while the searches were measured (2026-11-27). Requests run one at a time, as the read workers already built them.

/** How long an idle thread is kept for the next request before it is ended (its isolate and modules freed). */
const IDLE_MS = 30_000;

interface DatabaseWorkerData {
  /** The worker module (a .ts file URL), started through core/worker-entry.mjs. */
  module: string;
}

interface Request {
  id: number;
  databaseFile: string;
  input: unknown;
}

type Reply<T> = { id: number; value: T } | { id: number; error: string };

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (cause: unknown) => void;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, Waiting>;
  idleTimer: NodeJS.Timeout | undefined;
}

const threads = new Map<string, Thread>();
let nextId = 0;

function threadFor(module: URL): Thread {
  const known = threads.get(module.href);
  if (known !== undefined) return known;
  const data: DatabaseWorkerData = { module: module.href };
  const worker = new Worker(new URL('../../core/worker-entry.mjs', import.meta.url), { workerData: data });
  const thread: Thread = { worker, waiting: new Map(), idleTimer: undefined };
  threads.set(module.href, thread);
  worker.on('message', (reply: Reply<unknown>) => {
    const waiting = thread.waiting.get(reply.id);
    thread.waiting.delete(reply.id);
    if ('error' in reply) waiting?.reject(new Error(reply.error));
    else waiting?.resolve(reply.value);
    if (thread.waiting.size === 0) idle(module.href, thread);
  });
  // A thread that fails or ends fails what it owed; the next request starts another.
  const stopped = (cause: unknown) => {
    if (threads.get(module.href) === thread) threads.delete(module.href);
    if (thread.idleTimer !== undefined) clearTimeout(thread.idleTimer);
    for (const waiting of thread.waiting.values()) waiting.reject(cause);
    thread.waiting.clear();
  };
  worker.on('error', stopped);
  worker.on('exit', (code) => stopped(new Error(`worker exited with code ${code}`)));
  return thread;
}

/** Nothing owed: the thread no longer keeps the process alive, and ends if no request comes within IDLE_MS. */
function idle(key: string, thread: Thread): void {
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => {
    if (thread.waiting.size > 0) return;
    if (threads.get(key) === thread) threads.delete(key);
    void thread.worker.terminate();
  }, IDLE_MS);
  thread.idleTimer.unref();
}

/**
 * Runs `module`'s work in its worker thread on `databaseFile` with `input`, and
 * resolves with the value it answers (see `answerFromDatabase`). Failures
 * reject with a StoreError whose message starts with `failure`.
 */
export function runDatabaseWorker<T>(module: URL, databaseFile: string, input: unknown, failure: string): Promise<T> {
  const thread = threadFor(module);
  if (thread.idleTimer !== undefined) clearTimeout(thread.idleTimer);
  thread.idleTimer = undefined;
  thread.worker.ref();
  const request: Request = { id: (nextId += 1), databaseFile, input };
  return new Promise<T>((resolve, reject) => {
    thread.waiting.set(request.id, { resolve: resolve as (value: unknown) => void, reject: (cause) => reject(new StoreError({ message: `${failure} (${databaseFile})`, cause })) });
    thread.worker.postMessage(request);
  });
}

/**
 * The worker side: for each request, opens the database read-only (sqlite-vec loaded), runs
 * `work` with the caller's input and posts its value back, with `transfer`
 * handed over rather than copied; an error is posted as its message. Requests are answered in turn.
 */
export function answerFromDatabase<Input, T>(work: (db: Database.Database, input: Input) => Promise<{ value: T; transfer?: ArrayBuffer[] }>): void {
  let queue: Promise<void> = Promise.resolve();
  parentPort!.on('message', (request: Request) => {
    queue = queue.then(() => answer(work, request));
  });
}

async function answer<Input, T>(work: (db: Database.Database, input: Input) => Promise<{ value: T; transfer?: ArrayBuffer[] }>, { id, databaseFile, input }: Request): Promise<void> {
  let db: Database.Database | undefined;
  try {
    db = new Database(databaseFile, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    loadSqliteVec(db);
    const { value, transfer = [] } = await work(db, input as Input);
    parentPort!.postMessage({ id, value } satisfies Reply<T>, transfer);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies Reply<T>);
  } finally {
    db?.close();
  }
}
