import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { createHippocampus } from './hippocampus.ts';
import { namesInQuestion, speakerRelevance } from './speaker-relevance.ts';

const agent = useLiteAgentPerTest();

describe('names in a question', () => {
  it('takes its capitalized words that carry meaning, lower-cased, possessives dropped', () => {
    expect([...namesInQuestion("Would Caroline enjoy Mel's pottery class in Boston?")].sort()).toEqual(['boston', 'caroline', 'mel']);
    expect(namesInQuestion('what might she like?').size).toBe(0);
  });
});

describe('speaker relevance', () => {
  const memories = [
    { id: 'labelled', content: 'Caroline: I love hiking in the hills.', context: {} },
    { id: 'from-context', content: 'I went camping last week.', context: { speaker: 'Caroline Smith' } },
    { id: 'other-speaker', content: 'Melanie: Caroline told me she loves hiking.', context: {} },
    { id: 'unlabelled', content: 'Hiking boots are on sale.', context: {} },
  ];

  it('is 1 for what the person the question names said (by the label or the context, first name enough), else absent', () => {
    const relevance = speakerRelevance(namesInQuestion('Would Caroline enjoy a hike?'), memories);
    expect([...relevance.keys()].sort()).toEqual(['from-context', 'labelled']);
    expect(relevance.get('labelled')).toBe(1);
  });

  it('reads nothing when the question names no one', () => {
    expect(speakerRelevance(namesInQuestion('Who enjoys hiking?'), memories).size).toBe(0);
  });
});

// Two people in a chat: the question asks about Caroline, and Melanie's turn shares more words with it.
const TURNS = [
  { speaker: 'Melanie', content: 'Melanie: Caroline, my kids would enjoy a hiking trip to the lake too!' },
  { speaker: 'Caroline', content: 'Caroline: Nature walks by the water are what I treasure most.' },
  { speaker: 'Melanie', content: 'Melanie: The invoice export ran late again tonight.' },
  { speaker: 'Caroline', content: 'Caroline: Our cafeteria serves pasta on Thursdays.' },
];
const QUESTION = 'Would Caroline enjoy a hiking trip to the lake?';

describe('the speaker signal in recall', () => {
  it("lifts what the person the question names said over another's turn that shares its words", async () => {
    await agent.memory().rememberMany(TURNS.map((turn, index) => ({ type: 'chat' as const, content: turn.content, timestamp: Date.UTC(2023, 4, 8) + index * 1000, context: { speaker: turn.speaker } })), { longTerm: true });
    const plain = await agent.memory().recallRelevant(QUESTION, { limit: 2, recordAccess: false, weights: { speaker: 0 } });
    const lifted = await agent.memory().recallRelevant(QUESTION, { limit: 2, recordAccess: false, weights: { speaker: 1 } });
    expect(plain[0]?.memory.content).toBe(TURNS[0]!.content);
    expect(lifted[0]?.memory.content).toBe(TURNS[1]!.content);
    expect(lifted[0]!.explain.contributions.speaker).toBe(1);
    expect(plain.every((result) => result.explain.signals.speaker === 0)).toBe(true);
  });

  it('is on by default', async () => {
    await agent.memory().rememberMany(TURNS.map((turn, index) => ({ type: 'chat' as const, content: turn.content, timestamp: Date.UTC(2023, 4, 8) + index * 1000, context: { speaker: turn.speaker } })), { longTerm: true });
    const results = await agent.memory().recallRelevant(QUESTION, { limit: 2, recordAccess: false });
    expect(results[0]?.memory.content).toBe(TURNS[1]!.content);
    // A question asking for an inference ("Would…") weighs it more (DEFAULT_SHAPE_WEIGHTS); any other at 0.3.
    expect(results[0]!.explain.weights.speaker).toBe(0.6);
    const fact = await agent.memory().recallRelevant('Did Caroline enjoy a hiking trip to the lake?', { limit: 2, recordAccess: false });
    expect(fact[0]!.explain.weights.speaker).toBe(0.3);
  });
});

describe("a question's shape and the engine's configuration", () => {
  it('leaves the weights the configuration sets alone, in process and on a read worker', async () => {
    const home = createTempHome();
    try {
      for (const readWorkers of [0, 1]) {
        const memory = await createHippocampus({ home: home.home, agentId: `configured-${readWorkers}`, embedder: createHashEmbedder(), readWorkers, recall: { weights: { speaker: 0 } } });
        try {
          await memory.rememberMany(TURNS.map((turn, index) => ({ type: 'chat' as const, content: turn.content, timestamp: Date.UTC(2023, 4, 8) + index * 1000, context: { speaker: turn.speaker } })), { longTerm: true });
          const [best] = await memory.recallRelevant(QUESTION, { limit: 1, recordAccess: false });
          // The shape still weighs meaning over words (the configuration left those to it), not the speaker.
          expect(best!.explain.weights, `readWorkers ${readWorkers}`).toMatchObject({ speaker: 0, semantic: 0.7, keyword: expect.closeTo(0.3, 12) });
          // A call's own weights win over both.
          const [asked] = await memory.recallRelevant(QUESTION, { limit: 1, recordAccess: false, weights: { speaker: 1 } });
          expect(asked!.explain.weights.speaker).toBe(1);
        } finally {
          await memory.stop();
        }
      }
    } finally {
      home.cleanup();
    }
  });
});
