// Writes an agent's mirror (`exportMirror`) into a folder and exits: the export side of the test that races
// an export in one process against a forget in another.
import { exportMirror } from '../../live/mirror-export.ts';
import { createHippocampus } from '../../memory/hippocampus.ts';

const [home, agentId, dir] = process.argv.slice(2);
const memory = await createHippocampus({ home: home!, agentId: agentId!, embedder: null });
try {
  await exportMirror(memory, { dir: dir! });
} finally {
  await memory.stop();
}
