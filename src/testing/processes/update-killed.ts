// Edits one memory's content and is killed (SIGKILL, by itself) the instant the row is rewritten, before anything
// else the edit does (the purge, the mirrors): what a process that dies there leaves on disk. The store is the real
// SQLite one, its updateMany only watched.
import { createHippocampus } from '../../memory/hippocampus.ts';
import { backendDyingAround } from './dying-store.ts';

const [home, agentId, memoryId, content] = process.argv.slice(2);
const backend = backendDyingAround(home!, 'updateMany', 'after');
const memory = await createHippocampus({ home: home!, agentId: agentId!, embedder: null, backend });
await memory.update(memoryId!, { content: content! });
process.stdout.write('update returned\n');
