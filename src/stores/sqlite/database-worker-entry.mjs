// The file a database worker (database-worker.ts) starts from. Node cannot load
// `.ts` in a worker on its own (as in providers/use-lite/use-lite-worker-entry.mjs):
// tsx's ESM API is registered here, which works under tsx, `node --import tsx`
// and vitest; then the worker module named in workerData runs.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
