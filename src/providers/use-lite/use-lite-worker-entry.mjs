// The file a pool worker starts from. Node cannot load `.ts` in a worker on its
// own: `node --import tsx` hooks do not reach worker threads on Node 20, and
// vitest transforms only its own module graph. Registering tsx's ESM API here
// works in all three (plain tsx, `node --import tsx`, vitest).
import { register } from 'tsx/esm/api';

register();
await import('./use-lite-worker.ts');
