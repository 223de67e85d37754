// Forgets one memory and is killed (SIGKILL, by itself) in the middle of it, before the forget returns: what a
// process that dies there leaves on disk. Where (the fourth argument): 'forgotten' (default), the instant the engine
// reports the forget done but before it returns; 'before-delete', as the rows are about to be deleted; 'after-delete',
// the instant the rows are deleted, before anything else the forget does. The store is the real SQLite one, its
// deleteMany only watched.
import { createHippocampus } from '../../memory/hippocampus.ts';
import { backendDyingAround, die } from './dying-store.ts';

const [home, agentId, memoryId, killPoint = 'forgotten'] = process.argv.slice(2);
const backend = backendDyingAround(home!, 'deleteMany', killPoint === 'before-delete' ? 'before' : killPoint === 'after-delete' ? 'after' : null);
const memory = await createHippocampus({
  home: home!,
  agentId: agentId!,
  embedder: null,
  backend,
  onEvent: (event) => {
    if (event.type === 'forgotten' && killPoint === 'forgotten') die();
  },
});
await memory.forget([memoryId!]);
process.stdout.write('forget returned\n');
await memory.stop();
await backend.close();
