import { describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { eachTestEngine, type TempEngine } from '../testing/temp-engine.ts';
import { createRuleFactClassifier } from './fact-classifier.ts';
import { createOfflineFactExtractor } from './offline-fact-extractor.ts';
import { rememberFacts } from './remember-facts.ts';
import { bandsFor } from './similarity-bands.ts';

const SEED = 'I NEVER want to use Redux again, it was a nightmare. Oh and I tried that new café on Sukhumvit.';

let home: TempEngine['home'];
let memory: Hippocampus;
let now = Date.UTC(2025, 0, 1);

const engines = eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder(), clock: { now: () => now } }), (opened) => ({ home, memory } = opened));

const remember = (text: string) =>
  rememberFacts({ memory, extractor: createOfflineFactExtractor(), classifier: createRuleFactClassifier(), bands: bandsFor(memory.embedder) }, text);

const facts = () => memory.store.query({ agentId: 'ada' }, { kinds: ['fact'], includeSuperseded: true, orderBy: 'id', direction: 'asc' });

describe('rememberFacts (offline)', () => {
  it("stores the seed's two facts with their intensities (≈0.85 and ≈0.15)", async () => {
    const result = await remember(SEED);
    expect(result.summary).toBe('Learned 2 facts: 2 new (Redux; café on Sukhumvit)');
    const stored = await facts();
    expect(stored.map((record) => [record.content, record.runningIntensity, record.kind, record.consolidatedAt !== null])).toEqual([
      ['User strongly dislikes Redux', 0.85, 'fact', true],
      ['User tried a new café on Sukhumvit', 0.15, 'fact', true],
    ]);
  });

  it('reinforces a fact it already knows with the moving average and reports it in one line', async () => {
    const [seeded] = await memory.rememberMany([{ type: 'observation', kind: 'fact', content: 'User strongly dislikes Redux', intensity: 0.81 }], { longTerm: true });
    now += 3_600_000;
    const result = await remember(SEED);
    expect(result.summary).toBe('Learned 2 facts: 1 new (café on Sukhumvit), 1 updated (Redux — reinforced dislike, intensity 0.85 → running avg 0.83)');
    const redux = await memory.get(seeded!.memory.id);
    expect(redux.runningIntensity).toBeCloseTo((0.81 + 0.85) / 2, 10);
    expect(redux).toMatchObject({ encounterCount: 2, accessCount: 1, lastAccessedAt: now });
    expect((await memory.history(redux.id)).map((event) => event.event)).toEqual(['created', 'reinforced']);
    expect(await memory.store.count({ agentId: 'ada' }, { kinds: ['fact'] })).toBe(2);
  });

  it('a third repeat keeps averaging over every encounter', async () => {
    await remember('I live in Berlin.');
    await remember('I live in Berlin.');
    const result = await remember('Remember this: I live in Berlin.');
    expect(result.facts[0]).toMatchObject({ fact: 'User lives in Berlin', intensity: 0.95, outcome: 'reinforced' });
    const [berlin] = await facts();
    expect(berlin!.encounterCount).toBe(3);
    expect(berlin!.runningIntensity).toBeCloseTo((0.6 + 0.6 + result.facts[0]!.intensity) / 3, 10);
  });

  it('supersedes "lives in Berlin" with "moved to Lisbon": the old fact leaves search, the new one starts fresh', async () => {
    await remember('I live in Berlin.');
    now += 86_400_000;
    const result = await remember('I actually moved to Lisbon.');
    expect(result.facts[0]).toMatchObject({ fact: 'User lives in Lisbon', outcome: 'superseded', previous: { content: 'User lives in Berlin' } });
    expect(result.summary).toBe('Learned 1 fact: 1 updated (Lisbon — replaces Berlin)');
    const [berlin, lisbon] = await facts();
    expect(berlin!.supersededBy).toBe(lisbon!.id);
    expect(lisbon).toMatchObject({ supersededBy: null, encounterCount: 1, accessCount: 0, runningIntensity: 0.7 });
    const recalled = await memory.recallRelevant('where does the user live', { kinds: ['fact'], recordAccess: false });
    expect(recalled.map((hit) => hit.memory.content)).toEqual(['User lives in Lisbon']);
    expect((await memory.history(berlin!.id)).map((event) => event.event)).toEqual(['created', 'superseded']);
  });

  it('keeps related but different facts apart', async () => {
    await remember('I like jazz.');
    const result = await remember('I like hiking.');
    expect(result.facts[0]?.outcome).toBe('new');
    expect(await memory.store.count({ agentId: 'ada' }, { kinds: ['fact'] })).toBe(2);
  });

  it('says so when there is nothing to learn, and writes nothing', async () => {
    const result = await remember('Thanks! What do you think?');
    expect(result).toEqual({ summary: 'No facts found in the text.', facts: [] });
    expect(await memory.store.count({ agentId: 'ada' }, { includeSuperseded: true })).toBe(0);
  });

  it('works without an embedder, on keyword candidates and the rules', async () => {
    memory = await engines.reopen({ agentId: 'keywords-only', embedder: null, clock: { now: () => now } });
    await rememberFacts({ memory, extractor: createOfflineFactExtractor(), classifier: createRuleFactClassifier(), bands: bandsFor(null) }, 'I live in Berlin.');
    const result = await rememberFacts({ memory, extractor: createOfflineFactExtractor(), classifier: createRuleFactClassifier(), bands: bandsFor(null) }, 'I live in Lisbon now.');
    expect(result.facts[0]).toMatchObject({ outcome: 'superseded', similarity: null, decidedBy: 'rules' });
  });
});

describe('rememberFacts with USE-lite: a fact stated again with another number (a probe)', () => {
  it('"My locker code is 9920" after "…4471" is not the same fact again: the new code is kept, not folded into the old one', async () => {
    const own = createTempHome();
    const agent = await createHippocampus({ home: own.home, agentId: 'locker' });
    try {
      const learn = (text: string) => rememberFacts({ memory: agent, extractor: createOfflineFactExtractor(), classifier: createRuleFactClassifier(), bands: bandsFor(agent.embedder) }, text);
      await learn('My locker code is 4471.');
      const second = await learn('My locker code is 9920.');
      expect(second.facts.map((fact) => fact.outcome)).not.toContain('reinforced');
      const stored = await agent.store.query({ agentId: 'locker' }, { kinds: ['fact'] });
      expect(stored.map((record) => record.content).join(' | ')).toContain('9920');
    } finally {
      await agent.stop();
      own.cleanup();
    }
  });
});
