import { parentPort } from 'node:worker_threads';
import { HippocampusError } from '../../errors/index.ts';
import { createUseLiteEmbedder } from './use-lite-embedder.ts';
import { useLiteError } from './use-lite-error.ts';
import { USE_LITE_DIMENSIONS } from './use-lite-identity.ts';
import { loadUseLiteModel } from './use-lite-wasm-model.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

// One model per worker thread: the tfjs WASM backend runs single-threaded, so a
// second thread is the only way to put the second core to work.
const port = parentPort;
if (port === null) {
  throw useLiteError('use-lite-worker.ts must run inside a worker thread');
}

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

// 'ready' means the TypeScript loaded; the pool stops replacing workers that die before it.
reply({ type: 'ready' });
// Start reading the weights now; a failed load is reported with the first job, which retries it.
loadUseLiteModel().catch(() => undefined);

port.on('message', (request: WorkerRequest) => {
  void embed(request);
});

async function embed({ id, texts }: WorkerRequest): Promise<void> {
  try {
    // The same code path as the single-threaded wasm embedder, so pooled vectors equal its vectors.
    const { embeddings } = await createUseLiteEmbedder({ runtime: 'wasm', maxBatchSize: Math.max(1, texts.length) }).doEmbed({ values: texts });
    const packed = new Float32Array(texts.length * USE_LITE_DIMENSIONS);
    embeddings.forEach((vector, index) => packed.set(vector, index * USE_LITE_DIMENSIONS));
    reply({ type: 'result', id, vectors: packed }, [packed.buffer]);
  } catch (error) {
    const code = HippocampusError.isInstance(error) ? error.code : 'EMBEDDING_ERROR';
    reply({ type: 'error', id, code, message: error instanceof Error ? error.message : String(error) });
  }
}
