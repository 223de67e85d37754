// The file a worker thread (stores/sqlite/database-worker.ts, memory/read-workers.ts) starts from, then the worker module named in
// workerData runs. From the sources that module is `.ts`, which Node cannot load in a worker on its
// own (`node --import tsx` hooks do not reach worker threads on Node 20, and vitest transforms only its
// own module graph): tsx's ESM API is registered here first. The built package's `.js` needs nothing.
import { workerData } from 'node:worker_threads';

if (workerData.module.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.module);
