import { describe, expect, it } from 'vitest';
import { FIRST_PERSON_MESSAGE, firstPersonText } from '../testing/first-person-text.ts';
import { extractFactsOffline, extractFactsOfflineInTurns, ONE_TURN_CHARS } from './fact-extraction.ts';

/** How many turns the event loop had while `work` ran (a setImmediate chain counting them). */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const count = () => {
    if (!running) return;
    turns++;
    setImmediate(count);
  };
  setImmediate(count);
  const value = await work();
  running = false;
  return { value, turns };
}

describe('extractFactsOfflineInTurns', () => {
  it('reads a short message exactly as extractFactsOffline does', async () => {
    const text = FIRST_PERSON_MESSAGE;
    expect(text.length).toBeLessThanOrEqual(ONE_TURN_CHARS);
    expect(await extractFactsOfflineInTurns(text)).toEqual(extractFactsOffline(text));
  });

  it('gives the event loop turns while reading 20,000 characters, and finds the same facts', async () => {
    const text = firstPersonText(20_000);
    const { value, turns } = await turnsDuring(() => extractFactsOfflineInTurns(text));
    // One turn before each ~2,000-character piece's names and each 50 statements: a server's other requests get
    // answered in between, where one synchronous read held the thread 0.5–1.0 s.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(text.length / ONE_TURN_CHARS));
    expect(value.map((fact) => fact.fact)).toEqual(extractFactsOffline(text).map((fact) => fact.fact));
    expect(value.map((fact) => fact.intensity)).toEqual(extractFactsOffline(text).map((fact) => fact.intensity));
  });

  it('finds nothing in text with no statement, long or short', async () => {
    expect(await extractFactsOfflineInTurns('Hi! Thanks.')).toEqual([]);
    expect(await extractFactsOfflineInTurns('Thanks! '.repeat(3_000))).toEqual([]);
  });
});
