import { describe, expect, it } from 'vitest';
import { createTempHome } from '../testing/temp-home.ts';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { createHippocampus } from './hippocampus.ts';
import { namedSpeakers, withoutNames } from './speaker-free-query.ts';

describe("the question without a speaker's name", () => {
  it('drops the words that name the speaker, possessive and all, and keeps other capitalized words', () => {
    expect(withoutNames("What might Caroline's degree be in?", new Set(['caroline']))).toBe('What might degree be in?');
    expect(withoutNames('What LGBTQ+ events has Caroline joined in Paris?', new Set(['caroline']))).toBe('What LGBTQ+ events has joined in Paris?');
  });

  it('finds the people the question names among who said the memories, first name enough', () => {
    const memories = [
      { content: 'I went camping.', context: { speaker: 'Caroline Smith' } },
      { content: 'Melanie: Caroline, that is great!', context: {} },
    ];
    expect([...namedSpeakers(new Set(['caroline', 'paris']), memories)]).toEqual([['Caroline Smith', new Set(['caroline'])]]);
  });
});

const agent = useLiteAgentPerTest();

// Melanie's turns all carry her name; those that say little else are nearest to a question that names her.
const TURNS = [
  ['Caroline', 'Caroline: Melanie, you are such a good friend, Melanie!'],
  ['Melanie', 'Melanie: Thanks, Caroline! Talk soon, Caroline.'],
  ['Melanie', 'Melanie: I signed up for a pottery class and we went camping at the beach.'],
  ['Melanie', 'Melanie: Caroline, you inspire me so much, Caroline.'],
  ['Caroline', 'Caroline: The invoice export ran late again tonight.'],
  ['Melanie', 'Melanie: The weather here is grey and rainy.'],
] as const;
const HOBBIES = TURNS[2][1];

async function rememberTurns(): Promise<void> {
  // An hour apart: no two turns are one sitting, so no reply links lift one turn by another.
  await agent.memory().rememberMany(TURNS.map(([speaker, content], index) => ({ type: 'chat' as const, content, timestamp: Date.UTC(2023, 4, 8) + index * 3_600_000, context: { speaker } })), { longTerm: true });
}

describe('recall of a question that names one speaker', () => {
  it("scores again without the name when asked (by default only for a question asking for an inference): the speaker's turn about what is asked comes first", async () => {
    await rememberTurns();
    const named = await agent.memory().recallRelevant('What hobbies does Melanie have?', { limit: 3, recordAccess: false });
    const unnamed = await agent.memory().recallRelevant('What hobbies does Melanie have?', { limit: 3, recordAccess: false, speakerFreeQuery: true });
    expect(named.map((result) => result.memory.content)).not.toContain(HOBBIES);
    expect(unnamed[0]?.memory.content).toBe(HOBBIES);
    expect(unnamed[0]!.explain.signals.speaker).toBe(1);
  });

  it('leaves a question that names both people as it is', async () => {
    await rememberTurns();
    const question = 'What hobbies does Melanie share with Caroline?';
    const plain = await agent.memory().recallRelevant(question, { limit: 3, recordAccess: false });
    const asked = await agent.memory().recallRelevant(question, { limit: 3, recordAccess: false, speakerFreeQuery: true });
    // Scores to six places: recency moves with the clock between the two calls.
    const ranking = (results: typeof plain) => results.map((result) => [result.memory.id, result.score.toFixed(6)]);
    expect(ranking(asked)).toEqual(ranking(plain));
  });
});

describe('on a read worker', () => {
  it('answers as the engine in process does (the engine sends the vector of the question without its names too)', async () => {
    const temp = createTempHome('hippocampus-speaker-free-');
    const clock = { now: () => Date.UTC(2023, 5, 1) };
    try {
      const ranking = (results: Awaited<ReturnType<Awaited<ReturnType<typeof createHippocampus>>['recallRelevant']>>) => results.map((result) => [result.memory.content, result.score]);
      const inProcess = await createHippocampus({ home: temp.home, agentId: 'ada', clock });
      await inProcess.rememberMany(TURNS.map(([speaker, content], index) => ({ type: 'chat' as const, content, timestamp: Date.UTC(2023, 4, 8) + index * 3_600_000, context: { speaker } })), { longTerm: true });
      // The second names a place too: the question without Melanie alone is known only once the head is read.
      const questions = ['What hobbies does Melanie have?', 'What hobbies does Melanie have near Malibu?'];
      const expected = [];
      for (const question of questions) expected.push(ranking(await inProcess.recallRelevant(question, { limit: 3, recordAccess: false, speakerFreeQuery: true })));
      await inProcess.stop();
      expect(expected[0]![0]?.[0]).toBe(HOBBIES);
      const withWorker = await createHippocampus({ home: temp.home, agentId: 'ada', clock, readWorkers: 1 });
      const answered = [];
      for (const question of questions) answered.push(ranking(await withWorker.recallRelevant(question, { limit: 3, recordAccess: false, speakerFreeQuery: true })));
      await withWorker.stop();
      expect(answered).toEqual(expected);
    } finally {
      temp.cleanup();
    }
  });
});

describe('recall options for a question that asks for an inference', () => {
  it("speakerFreeQuery ['inference'] scores a would/might question without the name and leaves a question about a fact as it is", async () => {
    await rememberTurns();
    const ranking = (results: Awaited<ReturnType<ReturnType<typeof agent.memory>['recallRelevant']>>) => results.map((result) => [result.memory.id, result.score.toFixed(6)]);
    const inferred = await agent.memory().recallRelevant('What hobbies might Melanie have?', { limit: 3, recordAccess: false, speakerFreeQuery: ['inference'], shapeWeights: {} });
    expect(inferred[0]?.memory.content).toBe(HOBBIES);
    const off = await agent.memory().recallRelevant('What hobbies might Melanie have?', { limit: 3, recordAccess: false, speakerFreeQuery: false, shapeWeights: {} });
    expect(off.map((result) => result.memory.content)).not.toContain(HOBBIES);
    // The defaults do the same for such a question.
    const byDefault = await agent.memory().recallRelevant('What hobbies might Melanie have?', { limit: 3, recordAccess: false });
    expect(byDefault[0]?.memory.content).toBe(HOBBIES);
    const fact = 'What hobbies does Melanie have?';
    const plain = await agent.memory().recallRelevant(fact, { limit: 3, recordAccess: false });
    const gated = await agent.memory().recallRelevant(fact, { limit: 3, recordAccess: false, speakerFreeQuery: ['inference'] });
    expect(ranking(gated)).toEqual(ranking(plain));
    expect(gated.map((result) => result.memory.content)).not.toContain(HOBBIES);
  });

  it('shapeWeights weigh the signals of a question of that shape only', async () => {
    await rememberTurns();
    const options = { limit: 3, recordAccess: false, shapeWeights: { inference: { speaker: 0.8, session: 0.2 }, list: { speaker: 0.6 } } } as const;
    const inferred = await agent.memory().recallRelevant('What hobbies might Melanie have?', options);
    const listed = await agent.memory().recallRelevant('What hobbies has Melanie taken up?', options);
    const fact = await agent.memory().recallRelevant('What hobbies does Melanie have?', options);
    expect(inferred[0]!.explain.weights).toMatchObject({ speaker: 0.8, session: 0.2 });
    expect(listed[0]!.explain.weights).toMatchObject({ speaker: 0.6, session: 0 });
    expect(fact[0]!.explain.weights).toMatchObject({ speaker: 0.3, session: 0 });
    const byDefault = await agent.memory().recallRelevant('What hobbies might Melanie have?', { limit: 3, recordAccess: false });
    expect(byDefault[0]!.explain.weights).toMatchObject({ speaker: 0.6, semantic: 0.7, keyword: expect.closeTo(0.3, 9) });
    const off = await agent.memory().recallRelevant('What hobbies might Melanie have?', { limit: 3, recordAccess: false, shapeWeights: {} });
    expect(off[0]!.explain.weights).toMatchObject({ speaker: 0.3, semantic: 0.5, keyword: 0.5 });
  });
});
