// The real SQLite backend with one store method watched: the process kills itself (SIGKILL) right before or right
// after that call, to leave on disk what a process dying there leaves. For the scripts beside it.
import type { MemoryStore } from '../../spec/memory-store.ts';
import { createSqliteBackend } from '../../stores/sqlite/sqlite-backend.ts';

/** Kills this process at once, as a power cut or an OOM kill would. */
export function die(): never {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('not killed');
}

/** The backend of `home` whose `method` kills the process 'before' or 'after' it runs (null: never). */
export function backendDyingAround(home: string, method: 'deleteMany' | 'updateMany', point: 'before' | 'after' | null) {
  const backend = createSqliteBackend({ home });
  const store = new Proxy(backend.store, {
    get(target, key, receiver) {
      if (key !== method || point === null) return Reflect.get(target, key, receiver);
      return async (...args: unknown[]) => {
        if (point === 'before') die();
        const result = await (target[method] as (...given: unknown[]) => Promise<unknown>)(...args);
        die();
        return result;
      };
    },
  }) as MemoryStore;
  return { ...backend, store };
}
