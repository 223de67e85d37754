// One side of a kill -9 trial of the reliability suite. Prints one line per acknowledged operation
// ("w <id>" after a write resolved, "f <id>" after a forget resolved, "p <id>" for a memory a pass pruned,
// "c <n>" after a consolidation pass),
// so the parent knows exactly what was acknowledged before it killed this process.
//   write:        remembers memories until killed
//   consolidate:  remembers short-term memories and consolidates them, over and over
//   forget:       forgets the given ids (comma-separated in argv[5]) one small batch at a time
import { createHippocampus } from '../../memory/hippocampus.ts';

const [home, agentId, mode, seedText, idList] = process.argv.slice(2);
const memory = await createHippocampus({ home: home!, agentId: agentId!, embedder: null });
const seed = Number(seedText);
const say = (line: string) => process.stdout.write(`${line}\n`);

if (mode === 'write') {
  for (let index = 0; ; index += 1) {
    const { memory: record } = await memory.remember({ type: 'observation', content: `trial ${seed} write ${index} about the orchard ledger`, importance: 0.65 + (index % 4) * 0.1 });
    say(`w ${record.id}`);
  }
} else if (mode === 'consolidate') {
  for (let round = 0; ; round += 1) {
    const results = await memory.rememberMany(
      Array.from({ length: 20 }, (_, index) => ({ type: 'decision' as const, content: `trial ${seed} round ${round} decision ${index} on the harbour schedule`, importance: 0.7 + (index % 3) * 0.1 })),
    );
    for (const result of results) say(`w ${result.memory.id}`);
    const report = await memory.consolidate('reliability');
    for (const pruned of report.prunedIds) say(`p ${pruned.id}`);
    say(`c ${report.kept}`);
  }
} else if (mode === 'forget') {
  const ids = (idList ?? '').split(',').filter(Boolean);
  for (let start = 0; start < ids.length; start += 3) {
    const batch = ids.slice(start, start + 3);
    const forgotten = await memory.forget(batch);
    for (const id of forgotten) say(`f ${id}`);
  }
  await memory.stop();
  say('done');
} else {
  throw new Error(`unknown mode ${mode}`);
}
