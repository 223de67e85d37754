// The file the HNSW build worker starts from. Node cannot load `.ts` in a worker
// on its own (as in providers/use-lite/use-lite-worker-entry.mjs): tsx's ESM API
// is registered here, which works under tsx, `node --import tsx` and vitest.
import { register } from 'tsx/esm/api';

register();
await import('./hnsw-build-worker.ts');
