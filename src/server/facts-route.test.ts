import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FactExtractor } from '../facts/fact-extractor.ts';
import { createOfflineFactExtractor } from '../facts/offline-fact-extractor.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createEngineRegistry, type EngineRegistry } from './engine-registry.ts';
import { registerBlockRoutes } from './routes/block-routes.ts';

// POST /agents/:agent/facts reads a new agent's text to decide whether it states a fact (text that states none makes
// no agent); it then read the same text again to store what it states. Read once now, for a new agent as for one
// that exists.

let home: ReturnType<typeof createTempHome>;
let registry: EngineRegistry;
beforeEach(() => {
  home = createTempHome();
  registry = createEngineRegistry({ home: home.home, embedder: createHashEmbedder() });
});
afterEach(async () => {
  await registry.closeAll();
  home.cleanup();
});

/** The offline rules, with the texts they were asked to read. */
function readingRecorded(): FactExtractor & { texts: string[] } {
  const offline = createOfflineFactExtractor();
  const texts: string[] = [];
  return { kind: offline.kind, texts, extract: (text) => (texts.push(text), offline.extract(text)) };
}

describe('the facts route', () => {
  it("reads a new agent's text once, to decide and to store, and an existing agent's once", async () => {
    const extractor = readingRecorded();
    const app = new Hono();
    registerBlockRoutes(app, { registry, factExtractor: extractor });
    const post = async (agent: string, text: string) => (await app.request(`/agents/${agent}/facts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }) })).json() as Promise<{ facts: { fact: string; outcome: string }[] }>;
    const learned = await post('newcomer', 'I live in Berlin.');
    expect(learned.facts.map((fact) => fact.outcome)).toEqual(['new']);
    expect(extractor.texts).toEqual(['I live in Berlin.']);
    const engine = await registry.get('newcomer');
    expect((await engine.recall({ kinds: ['fact'] })).map((record) => record.content)).toEqual([learned.facts[0]!.fact]);
    await post('newcomer', 'I moved to Lisbon.');
    expect(extractor.texts).toEqual(['I live in Berlin.', 'I moved to Lisbon.']);
    // Text that states nothing is read once and makes no agent.
    expect((await post('idle', 'ok thanks')).facts).toEqual([]);
    expect(extractor.texts).toHaveLength(3);
    expect(await registry.listAgents()).toEqual(['newcomer']);
  }, 60_000);
});
