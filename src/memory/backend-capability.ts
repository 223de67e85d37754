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
