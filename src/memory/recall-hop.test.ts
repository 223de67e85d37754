import { describe, expect, it } from 'vitest';
import { queryTerms } from '../core/query-terms.ts';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { feedbackTerms, feedbackVector } from './recall-hop.ts';

const agent = useLiteAgentPerTest();

// The first hit says where Ana grew up; what Porto is known for shares "Porto" with it and no word with the question.
const FIRST_HIT = 'Ana grew up in Porto before she moved to Berlin';
const SECOND_HOP = 'Porto is known for its custard tarts and port wine';
const MEMORIES = [
  FIRST_HIT,
  SECOND_HOP,
  'Ana plays the cello with a quartet on Sundays',
  'Tomatoes grow fast in the greenhouse',
  'Kids grow up so quickly these days',
  'The invoice export job runs every night at 02:00 UTC',
  'Our cafeteria serves pasta on Thursdays',
  'Latency on the search endpoint doubled after the 4.2 release',
];
const QUESTION = 'Where did Ana grow up?';

describe('the second hop', () => {
  // At full weight, so the mechanism shows on eight memories (the target's own relevance is 0.08, the
  // memories sharing "Ana" or "grow" with the question 0.5–0.55); LoCoMo's figures are in docs/recall.md.
  it('finds a memory that shares a name with the first hit but no word with the question', async () => {
    await agent.remember(MEMORIES);
    expect(queryTerms(SECOND_HOP).filter((term) => queryTerms(QUESTION).includes(term))).toEqual([]);
    const plain = await agent.memory().recallRelevant(QUESTION, { limit: 3, recordAccess: false });
    const hopped = await agent.memory().recallRelevant(QUESTION, { limit: 3, recordAccess: false, weights: { hop: 1 }, hop: { seeds: 1 } });
    expect(plain[0]?.memory.content).toBe(FIRST_HIT);
    expect(plain.map((result) => result.memory.content)).not.toContain(SECOND_HOP);
    expect(hopped[0]?.memory.content).toBe(FIRST_HIT);
    const found = hopped.find((result) => result.memory.content === SECOND_HOP);
    expect(found).toBeDefined();
    expect(found!.explain.contributions.hop).toBeGreaterThan(0);
    expect(plain.every((result) => result.explain.signals.hop === 0)).toBe(true);
  });

  it("keeps to the filters: what the hop finds outside them is not returned", async () => {
    await agent.memory().rememberMany(MEMORIES.map((content, index) => ({ type: 'observation' as const, content, domain: index === 1 ? 'travel' : 'people' })), { longTerm: true });
    const hopped = await agent.memory().recallRelevant(QUESTION, { limit: 8, recordAccess: false, domain: 'people', weights: { hop: 1 }, hop: { seeds: 1 } });
    expect(hopped.length).toBeGreaterThan(0);
    expect(hopped.every((result) => result.memory.domain === 'people')).toBe(true);
    const unfiltered = await agent.memory().recallRelevant(QUESTION, { limit: 8, recordAccess: false, weights: { hop: 1 }, hop: { seeds: 1 } });
    expect(unfiltered.map((result) => result.memory.content)).toContain(SECOND_HOP);
  });

  it('is off by default and adds nothing to the score then', async () => {
    await agent.remember(MEMORIES);
    const results = await agent.memory().recallRelevant(QUESTION, { limit: 8, recordAccess: false });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((result) => result.explain.weights.hop === 0 && result.explain.contributions.hop === 0)).toBe(true);
  });
});

describe('feedback terms', () => {
  it("takes the seeds' words the question did not use, shared ones first, numbers left out", () => {
    expect(feedbackTerms(['ana'], ['Ana grew up in Porto in 1990', 'Porto tarts and Ana'], 2)).toEqual(['porto', 'grew']);
  });
});

describe('feedback vector', () => {
  it("moves the unit query towards the seeds' mean and stays unit length", () => {
    const moved = feedbackVector(Float32Array.from([2, 0]), [Float32Array.from([0, 3])], 1);
    expect(moved[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(moved[1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(Array.from(feedbackVector(Float32Array.from([2, 0]), [Float32Array.from([0, 3])], 0))).toEqual([1, 0]);
  });
});
