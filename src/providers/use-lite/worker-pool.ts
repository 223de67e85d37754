import { Worker } from 'node:worker_threads';
import { ProviderError } from '../../errors/index.ts';
import { useLiteError } from './use-lite-error.ts';
import { USE_LITE_DIMENSIONS, USE_LITE_PROVIDER } from './use-lite-identity.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

/** Workers that die before loading this many times in a row mean the entry cannot start: stop replacing them. */
const MAX_FAILED_STARTS = 3;

interface Job {
  id: number;
  texts: string[];
  resolve(vectors: Float32Array[]): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | undefined;
  lastError: Error | undefined;
}

/**
 * Worker threads that each hold one Universal Sentence Encoder lite model. The
 * tfjs WASM backend is single-threaded and its threaded build cannot start its
 * pthreads under Node, so one model per thread is how a second core helps.
 * Idle workers are unref'd: an idle pool never keeps the process alive.
 */
export class UseLitePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private failedStarts = 0;
  private closed = false;
  private size = 0;

  /** Grows the pool to at least `size` workers (it never shrinks while open). */
  ensureSize(size: number): void {
    this.size = Math.max(this.size, size);
    while (!this.closed && this.slots.length < this.size) this.spawn();
  }

  /** The live worker threads, for tests that need to crash one. */
  get workers(): readonly Worker[] {
    return this.slots.map((slot) => slot.worker);
  }

  /** Embeds one batch on the next free worker; vectors come back unit-length and in order. */
  embed(texts: string[]): Promise<Float32Array[]> {
    if (this.closed) return Promise.reject(poolError('the worker pool is closed'));
    if (this.failedStarts >= MAX_FAILED_STARTS) {
      // A caller after a failed start gets a fresh try: the cause may have been transient.
      this.failedStarts = 0;
      this.ensureSize(this.size);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, texts, resolve, reject });
      this.dispatch();
    });
  }

  /** Terminates every worker and rejects work not yet done. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(poolError('the worker pool was closed'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): void {
    const worker = new Worker(new URL('./use-lite-worker-entry.mjs', import.meta.url));
    worker.unref();
    const slot: Slot = { worker, ready: false, job: undefined, lastError: undefined };
    this.slots.push(slot);
    worker.on('message', (reply: WorkerReply) => this.receive(slot, reply));
    worker.on('error', (error) => {
      slot.lastError = error;
    });
    worker.on('exit', (exitCode) => this.replace(slot, exitCode));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job !== undefined) continue;
      const job = this.queue.shift();
      if (job === undefined) return;
      slot.job = job;
      // Ref'd while busy, so a process awaiting an embedding does not exit under it.
      slot.worker.ref();
      const request: WorkerRequest = { id: job.id, texts: job.texts };
      try {
        slot.worker.postMessage(request);
      } catch (cause) {
        // Texts that cannot be cloned (not strings) fail here, before any worker sees them.
        slot.job = undefined;
        slot.worker.unref();
        job.reject(poolError(`could not send texts to a worker: ${String(cause)}`, cause));
      }
    }
  }

  private receive(slot: Slot, reply: WorkerReply): void {
    if (reply.type === 'ready') {
      slot.ready = true;
      this.failedStarts = 0;
      return;
    }
    const job = slot.job;
    if (job === undefined || job.id !== reply.id) return;
    slot.job = undefined;
    slot.worker.unref();
    try {
      if (reply.type === 'error') throw workerError(reply.code, reply.message);
      job.resolve(unpack(reply.vectors, job.texts.length));
    } catch (error) {
      job.reject(error);
    }
    this.dispatch();
  }

  private replace(slot: Slot, exitCode: number): void {
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    if (this.closed) return;
    const reason = slot.lastError?.message ?? `exit code ${exitCode}`;
    slot.job?.reject(poolError(`a worker stopped while embedding (${reason})`, slot.lastError));
    if (!slot.ready) this.failedStarts += 1;
    if (this.failedStarts >= MAX_FAILED_STARTS) {
      for (const job of this.queue.splice(0)) job.reject(poolError(`use-lite workers fail to start (${reason})`, slot.lastError));
      return;
    }
    this.ensureSize(this.size);
    this.dispatch();
  }
}

function unpack(packed: Float32Array, count: number): Float32Array[] {
  if (packed.length !== count * USE_LITE_DIMENSIONS) {
    throw poolError(`a worker returned ${packed.length} numbers for ${count} texts`);
  }
  return Array.from({ length: count }, (_, index) => packed.subarray(index * USE_LITE_DIMENSIONS, (index + 1) * USE_LITE_DIMENSIONS));
}

function poolError(message: string, cause?: unknown): ProviderError {
  return useLiteError(message, { cause });
}

/** Rebuilds the worker's typed error on this side of the thread boundary. */
function workerError(code: string, message: string): ProviderError {
  const known = ['PROVIDER_HTTP_ERROR', 'PROVIDER_TIMEOUT', 'PROVIDER_RESPONSE_INVALID', 'EMBEDDING_ERROR', 'EMBEDDING_MODEL_NOT_FOUND', 'EMBEDDING_RUNTIME_UNAVAILABLE'] as const;
  const providerCode = known.find((candidate) => candidate === code) ?? 'EMBEDDING_ERROR';
  return new ProviderError({ code: providerCode, provider: USE_LITE_PROVIDER, message: message.replace(`[${USE_LITE_PROVIDER}] `, '') });
}

let sharedPool: UseLitePool | undefined;

/** The process-wide pool, grown to at least `size` workers; the model is loaded once per worker. */
export function getUseLitePool(size: number): UseLitePool {
  sharedPool ??= new UseLitePool();
  sharedPool.ensureSize(size);
  return sharedPool;
}

/**
 * Terminates the shared use-lite worker pool, if one was started. The next
 * pooled embedding starts a new one.
 *
 * @example
 * const embedder = createUseLiteEmbedder({ workers: 2 });
 * await embedder.doEmbed({ values: texts });
 * await closeUseLitePool();
 */
export async function closeUseLitePool(): Promise<void> {
  const pool = sharedPool;
  sharedPool = undefined;
  await pool?.close();
}
