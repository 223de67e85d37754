// The file a pool worker starts from. From the sources the worker is `.ts`, which Node cannot load in
// a worker on its own (`node --import tsx` hooks do not reach worker threads on Node 20, and vitest
// transforms only its own module graph): tsx's ESM API is registered first. The built package runs
// the compiled `.js` beside this file and needs nothing.
import { existsSync } from 'node:fs';

const source = new URL('./use-lite-worker.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import('./use-lite-worker.js');
}
