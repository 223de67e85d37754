import { HippocampusError } from '../errors/hippocampus-error.ts';
import type { BackendCapability, MemoryBackend } from '../spec/memory-backend.ts';

/**
 * An optional capability of the backend, checked once where a layer needs it: a backend without it
 * is one clear CONFIG_ERROR naming the layer and the capability, not a failure deep inside.
 *
 * @example
 * const blocks = backendCapability(memory.backend, 'blocks', 'Memory blocks');
 */
export function backendCapability<Name extends BackendCapability>(backend: MemoryBackend, name: Name, layer: string): NonNullable<MemoryBackend[Name]> {
  const capability = backend[name];
  if (capability === undefined) {
    throw new HippocampusError({
      code: 'CONFIG_ERROR',
      message: `${layer} needs a storage backend that provides "${name}" (the SQLite and PostgreSQL backends do); the one given (${backend.store.dialect}) does not`,
      details: { capability: name, dialect: backend.store.dialect },
    });
  }
  return (typeof capability === 'function' ? capability.bind(backend) : capability) as NonNullable<MemoryBackend[Name]>;
}

/**
 * The opened engine a layer is built on, or one CONFIG_ERROR saying what came instead: without `await`,
 * `createHippocampus(…)` is a Promise, and every layer failed deep inside with "Cannot read properties
 * of undefined". Checked by shape, not `instanceof`, so an engine from a second copy of the package passes.
 *
 * @example
 * const memory = requireEngine(options.memory, 'createHippoTools');
 */
export function requireEngine<Engine extends { agentId: string; backend: MemoryBackend }>(memory: Engine, caller: string): Engine {
  const candidate = memory as unknown as { agentId?: unknown; backend?: unknown; then?: unknown } | null | undefined;
  if (typeof candidate === 'object' && candidate !== null && typeof candidate.agentId === 'string' && typeof candidate.backend === 'object' && candidate.backend !== null) return memory;
  const got = candidate === null || candidate === undefined ? String(candidate) : typeof candidate.then === 'function' ? 'a Promise (await createHippocampus(…) first)' : `a ${typeof candidate} that is not one`;
  throw new HippocampusError({ code: 'CONFIG_ERROR', message: `${caller} needs an opened engine as \`memory\` (from await createHippocampus(…)); got ${got}` });
}
