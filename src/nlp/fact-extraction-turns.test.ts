import { describe, expect, it } from 'vitest';
import { extractFactsOffline, extractFactsOfflineInTurns, ONE_TURN_CHARS } from './fact-extraction.ts';

const SAID = [
  'I moved to Lisbon in May 2021 with my wife Ana.',
  'My favourite food is ramen from the place on Rua Augusta.',
  'I never want to use Redux again.',
  'My brother Tom works as a nurse in Leeds.',
  'We adopted a cat called Miso last spring.',
  'I am allergic to penicillin.',
];

/** remember_facts' input limit (MAX_TEXT_CHARS) of first-person statements. */
function longText(chars: number): string {
  let text = '';
  for (let index = 0; text.length < chars - 80; index++) text += `${SAID[index % SAID.length]!.replace(/\d+/, (digits) => String(Number(digits) + index))} `;
  return text.trim();
}

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
    const text = SAID.join(' ');
    expect(text.length).toBeLessThanOrEqual(ONE_TURN_CHARS);
    expect(await extractFactsOfflineInTurns(text)).toEqual(extractFactsOffline(text));
  });

  it('gives the event loop turns while reading 20,000 characters, and finds the same facts', async () => {
    const text = longText(20_000);
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
