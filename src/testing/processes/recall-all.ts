// Opens an agent in a fresh process and prints every memory it has as JSON.
import { createHippocampus } from '../../memory/hippocampus.ts';

const [home, agentId] = process.argv.slice(2);
const memory = await createHippocampus({ home: home!, agentId: agentId!, embedder: null });
const records = await memory.recall({ limit: 10_000 });
process.stdout.write(JSON.stringify(records.map((record) => ({ id: record.id, content: record.content, consolidatedAt: record.consolidatedAt }))));
await memory.stop();
