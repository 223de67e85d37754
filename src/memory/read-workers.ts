import { Worker } from 'node:worker_threads';
import type { RecallRelevantOptions } from '../config/recall-relevant-schema.ts';
import type { RecallWeights } from '../core/recall-scoring.ts';
import { ERROR_CODES, type ErrorCode } from '../errors/codes.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { StoreError } from '../errors/store-error.ts';
import { siblingModule } from '../core/sibling-module.ts';
import type { ReadReplicaSource } from '../spec/read-replicas.ts';
import { unpackRecallResults, type PackedRecallResults } from './recall-results-wire.ts';
import type { RecallResult } from './relevant-recall.ts';

/** What a read worker is started with (read-worker.ts). */
export interface ReadWorkerData {
  /** The worker module, started through core/worker-entry.mjs (it registers tsx for a .ts module). */
  module: string;
  /** How the worker opens an agent: the backend's `readReplicas`. */
  replicas: ReadReplicaSource;
}

/** One recall, everything but the embedder: the engine embeds the query (through its cache) and sends the vector. */
export interface WorkerRecallRequest {
  agentId: string;
  context: string;
  options: RecallRelevantOptions;
  now: number;
  weights: RecallWeights;
  /** The weights the engine's configuration sets itself (see RelevantRecallDependencies). */
  configuredWeights?: Partial<RecallWeights>;
  decayRate: number;
  queryVector: Float32Array | null;
  /** The vector of the question without its names (see queryVectorsOf); null when not embedded. */
  unnamedQueryVector?: Float32Array | null;
}

export type ReadWorkerRequest = ({ kind: 'recall' } & WorkerRecallRequest & { id: number }) | { kind: 'release'; id: number; agentId: string };
/** A recall's results travel packed (recall-results-wire.ts): the clone copies values, not a key for each property. */
export type ReadWorkerReply = { id: number; value: PackedRecallResults | null } | { id: number; error: { message: string; code?: string } };

/**
 * Threads that answer `recallRelevant` on read-only connections of their own, shared by every engine
 * of one home in this process (a server of fifty agents starts `count` of them, not fifty times as many).
 */
export interface ReadWorkers {
  recall(request: WorkerRecallRequest): Promise<RecallResult[]>;
  /** The engine of this agent closed: the workers drop its connection, postings and vectors. */
  release(agentId: string): Promise<void>;
  /** One engine is done with the workers; the last one's close ends them. */
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  inFlight: number;
}

interface SharedWorkers {
  threads: Thread[];
  users: number;
  pending: Map<number, { resolve: (value: PackedRecallResults | null) => void; reject: (error: unknown) => void }>;
}

const shared = new Map<string, SharedWorkers>();
let nextId = 0;

function errorOf(failure: { message: string; code?: string }): HippocampusError {
  const code = (ERROR_CODES as readonly string[]).includes(failure.code ?? '') ? (failure.code as ErrorCode) : undefined;
  return code === undefined ? new StoreError({ message: `A read worker failed: ${failure.message}` }) : new HippocampusError({ code, message: failure.message });
}

function startThreads(key: string, replicas: ReadReplicaSource, count: number): SharedWorkers {
  const entry: SharedWorkers = { threads: [], users: 0, pending: new Map() };
  const workerData: ReadWorkerData = { replicas, module: siblingModule(import.meta.url, 'read-worker').href };
  for (let index = 0; index < count; index += 1) {
    const worker = new Worker(new URL('../core/worker-entry.mjs', import.meta.url), { workerData });
    const thread: Thread = { worker, inFlight: 0 };
    worker.on('message', (reply: ReadWorkerReply) => {
      thread.inFlight -= 1;
      // Referenced only while it owes an answer: idle workers never keep the process alive.
      if (thread.inFlight === 0) worker.unref();
      const waiting = entry.pending.get(reply.id);
      entry.pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(errorOf(reply.error));
      else waiting?.resolve(reply.value);
    });
    // A worker that dies fails what is waiting (which thread owed which answer is not kept); the next recalls go to the others.
    const stopped = (cause: unknown) => {
      if (!entry.threads.includes(thread)) return;
      entry.threads = entry.threads.filter((other) => other !== thread);
      for (const [id, waiting] of entry.pending) {
        entry.pending.delete(id);
        waiting.reject(new StoreError({ message: 'A read worker stopped', cause }));
      }
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`read worker exited with code ${code}`)));
    worker.unref();
    entry.threads.push(thread);
  }
  shared.set(key, entry);
  return entry;
}

/**
 * `count` read workers for the agents of one backend (its `readReplicas`), started on first use and
 * shared in the process.
 *
 * @example
 * const workers = acquireReadWorkers({ replicas: backend.readReplicas!, count: 2 });
 * const results = await workers.recall({ agentId: 'ada', context: 'billing', options, now: Date.now(), weights, decayRate: 0.1, queryVector: null });
 */
export function acquireReadWorkers(options: { replicas: ReadReplicaSource; count: number }): ReadWorkers {
  const key = JSON.stringify([options.replicas.module, options.replicas.options, options.count]);
  const entry = shared.get(key) ?? startThreads(key, options.replicas, options.count);
  entry.users += 1;
  let closed = false;
  const send = (request: ReadWorkerRequest, thread: Thread) =>
    new Promise<PackedRecallResults | null>((resolve, reject) => {
      entry.pending.set(request.id, { resolve, reject });
      thread.inFlight += 1;
      thread.worker.ref();
      thread.worker.postMessage(request);
    });
  return {
    async recall(request) {
      // The least busy thread; ties go to the first.
      const thread = entry.threads.reduce<Thread | undefined>((best, candidate) => (best === undefined || candidate.inFlight < best.inFlight ? candidate : best), undefined);
      if (thread === undefined) throw new StoreError({ message: 'No read worker is running' });
      const packed = await send({ kind: 'recall', id: (nextId += 1), ...request }, thread);
      return packed === null ? [] : unpackRecallResults(packed);
    },
    async release(agentId) {
      await Promise.all(entry.threads.map((thread) => send({ kind: 'release', id: (nextId += 1), agentId }, thread)));
    },
    async close() {
      if (closed) return;
      closed = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      shared.delete(key);
      const threads = entry.threads;
      entry.threads = [];
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}
