// Writes N acknowledged memories, all important enough to keep, and prints each id once its write resolved.
// Used by the concurrency and kill -9 tests: a printed id is an acknowledged write.
import { createHippocampus } from '../../memory/hippocampus.ts';

const [home, agentId, label, countText, store] = process.argv.slice(2);
const count = Number(countText);
const memory = await createHippocampus({ home: home!, agentId: agentId!, embedder: null, ...(store ? { store } : {}) });
for (let index = 0; index < count; index += 1) {
  const { memory: record } = await memory.remember({ type: 'observation', content: `${label} observation number ${index}`, importance: index % 2 === 0 ? 0.9 : 0.65 });
  process.stdout.write(`${record.id}\n`);
}
await memory.stop();
