// Reads one agent over and over while other processes write to it; prints how many reads it made,
// how many failed, and whether the count ever went down (a reader must never see acknowledged rows vanish).
import { createHippocampus } from '../../memory/hippocampus.ts';

const [home, agentId, stopFile] = process.argv.slice(2);
const fs = await import('node:fs');
const memory = await createHippocampus({ home: home!, agentId: agentId!, embedder: null });
let reads = 0;
let errors = 0;
let previous = 0;
let decreases = 0;
while (!fs.existsSync(stopFile!)) {
  try {
    const count = await memory.store.count({ agentId: agentId! });
    await memory.recallRelevant('orchard ledger observation', { limit: 5 });
    if (count < previous) decreases += 1;
    previous = count;
    reads += 1;
  } catch (error) {
    errors += 1;
    process.stderr.write(`${(error as Error).message}\n`);
  }
}
await memory.stop();
process.stdout.write(JSON.stringify({ reads, errors, decreases, lastCount: previous }));
