// Forgets one memory and is killed (SIGKILL, by itself) the instant the engine reports the rows deleted ('forgotten'),
// before the forget returns: what a process that dies in the middle of a forget leaves on disk.
import { createHippocampus } from '../../memory/hippocampus.ts';

const [home, agentId, memoryId] = process.argv.slice(2);
const memory = await createHippocampus({
  home: home!,
  agentId: agentId!,
  embedder: null,
  onEvent: (event) => {
    if (event.type === 'forgotten') process.kill(process.pid, 'SIGKILL');
  },
});
await memory.forget([memoryId!]);
process.stdout.write('forget returned\n');
await memory.stop();
