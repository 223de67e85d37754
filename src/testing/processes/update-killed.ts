// Edits one memory's content and is killed (SIGKILL, by itself) the instant the row is rewritten, before anything
// else the edit does (the purge, the mirrors): what a process that dies there leaves on disk. The store is the real
// SQLite one, its updateMany only watched.
import { createHippocampus } from '../../memory/hippocampus.ts';
import type { MemoryStore } from '../../spec/memory-store.ts';
import { createSqliteBackend } from '../../stores/sqlite/sqlite-backend.ts';

const [home, agentId, memoryId, content] = process.argv.slice(2);
const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('not killed');
};
const backend = createSqliteBackend({ home: home! });
const store = new Proxy(backend.store, {
  get(target, key, receiver) {
    if (key !== 'updateMany') return Reflect.get(target, key, receiver);
    return async (...args: Parameters<MemoryStore['updateMany']>) => {
      await target.updateMany(...args);
      die();
    };
  },
});
const memory = await createHippocampus({ home: home!, agentId: agentId!, embedder: null, backend: { ...backend, store } });
await memory.update(memoryId!, { content: content! });
process.stdout.write('update returned\n');
await memory.stop();
await backend.close();
