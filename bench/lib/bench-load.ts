/**
 * Fills a home with synthetic agents using the code of `--src DIR` (this checkout by default),
 * so each variant of bench/http-search.bench.ts gets databases at its own schema version.
 *
 *   node --import tsx bench/lib/bench-load.ts --home DIR --agents a,b --size 100000 [--src DIR]
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { syntheticMemories } from './synthetic-memories.ts';

const { values } = parseArgs({ options: { home: { type: 'string' }, agents: { type: 'string' }, size: { type: 'string' }, src: { type: 'string' } } });
const root = values.src ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { createHippocampus } = (await import(pathToFileURL(path.join(root, 'src/memory/hippocampus.ts')).href)) as typeof import('../../src/memory/hippocampus.ts');
const size = Number(values.size);
for (const agentId of values.agents!.split(',')) {
  const memory = await createHippocampus({ home: values.home!, agentId, embedder: null });
  for (let start = 0; start < size; start += 5_000) await memory.store.insertMany({ agentId }, syntheticMemories(agentId, Math.min(5_000, size - start), start));
  await memory.stop();
}
