// Cost of a forget on an agent with a linked knowledge graph: the store's triggers alone (the graph left unlinked
// until the next linkMemories()), then with the graph kept linked (the forget links again what it unlinked).
// Run: npx tsx bench/graph-forget.bench.ts [sizes...]   (default: 2000 10000)
// Each agent: half "I moved to <city>" (one chain of where the user lived: forgetting one re-reads its neighbours),
// half "<person> works at <company>"; forgets of 10 memories of the chain, 5 rounds each way, median.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnowledgeGraph } from '../src/graph/knowledge-graph.ts';
import { createHippocampus, type Hippocampus } from '../src/memory/hippocampus.ts';

const DAY = 86_400_000;
const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]!;

async function forgetRounds(memory: Hippocampus, chain: string[], rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    // Every 7th of the chain, spread over it, none next to another: each forget re-reads two neighbours.
    const ids = chain.splice(0, 70).filter((_, index) => index % 7 === 3);
    const started = performance.now();
    await memory.forget(ids);
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(size: number): Promise<void> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-graph-forget-bench-'));
  try {
    const memory = await createHippocampus({ home, agentId: 'bench', embedder: null });
    const start = Date.UTC(2000, 0, 1);
    const inputs = Array.from({ length: size }, (_, index) =>
      index % 2 === 0
        ? { type: 'observation' as const, content: `I moved to Town${index}.`, timestamp: start + index * DAY }
        : { type: 'observation' as const, content: `Person${index} works at Company${index}.`, timestamp: start + index * DAY },
    );
    const chain: string[] = [];
    for (let from = 0; from < size; from += 1000) {
      const results = await memory.rememberMany(inputs.slice(from, from + 1000), { longTerm: true });
      chain.push(...results.filter((result) => result.memory.content.startsWith('I moved')).map((result) => result.memory.id));
    }
    // A graph over the backend's store given explicitly is not kept linked by the engine: the triggers alone.
    const unkept = createKnowledgeGraph({ memory, store: memory.backend.knowledgeGraph!(memory.clock) });
    const linkStarted = performance.now();
    await unkept.linkMemories();
    const linkMs = performance.now() - linkStarted;
    const alone = await forgetRounds(memory, chain, 5);
    const leftUnlinked = (await unkept.store.unlinkedMemoryIds({ agentId: 'bench' }, size)).length;
    await unkept.linkMemories();
    const kept = createKnowledgeGraph({ memory });
    const relinking = await forgetRounds(memory, chain, 5);
    const unlinkedAfter = (await kept.store.unlinkedMemoryIds({ agentId: 'bench' }, size)).length;
    await memory.stop();
    console.log(
      JSON.stringify({ memories: size, linkAllMs: +linkMs.toFixed(0), forget10TriggersOnlyMs: +median(alone).toFixed(1), leftUnlinked, forget10RelinkingMs: +median(relinking).toFixed(1), unlinkedAfter }),
    );
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

const sizes = process.argv.slice(2).map(Number);
for (const size of sizes.length > 0 ? sizes : [2_000, 10_000]) await measure(size);
