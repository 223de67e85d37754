import { describe, expect, it } from 'vitest';
import { extractFactsOffline } from './fact-extraction.ts';

function facts(text: string): string[] {
  return extractFactsOffline(text).map((fact) => fact.fact);
}

describe('extractFactsOffline', () => {
  it('turns the seed message into exactly two facts with calibrated intensities', () => {
    const found = extractFactsOffline('I NEVER want to use Redux again, it was a nightmare. Oh and I tried that new café on Sukhumvit.');
    expect(found).toHaveLength(2);
    const [redux, cafe] = found;
    expect(redux?.fact).toBe('User strongly dislikes Redux');
    expect(redux?.polarity).toBe('negative');
    expect(redux?.object).toBe('Redux');
    expect(Math.abs((redux?.intensity ?? 0) - 0.85)).toBeLessThanOrEqual(0.07);
    expect(cafe?.fact).toBe('User tried a new café on Sukhumvit');
    expect(Math.abs((cafe?.intensity ?? 0) - 0.15)).toBeLessThanOrEqual(0.07);
    expect(redux?.keywords).toContain('redux');
    expect(redux?.entities).toEqual(['Redux']);
    expect(cafe?.entities).toContain('Sukhumvit');
  });

  it('reads where the user lives, including a move', () => {
    expect(facts('I live in Berlin')).toEqual(['User lives in Berlin']);
    const [moved] = extractFactsOffline('I actually moved to Lisbon');
    expect(moved).toMatchObject({ fact: 'User lives in Lisbon', subject: 'user', predicate: 'lives_in', object: 'Lisbon' });
  });

  it.each([
    ['I moved to Berlin last year.', 'User lives in Berlin (moved there last year)'],
    ['I moved to Berlin in March 2023', 'User lives in Berlin (moved there in March 2023)'],
    ['I relocated to New York two years ago', 'User lives in New York (moved there two years ago)'],
    ['I live in Berlin since 2019', 'User lives in Berlin since 2019'],
  ])('reads when the user moved apart from where they live: %j', (text, fact) => {
    // "User lives in Berlin last year" was stored, with "Berlin last year" as the place.
    const [moved] = extractFactsOffline(text);
    expect(moved).toMatchObject({ fact, predicate: 'lives_in', object: fact.includes('New York') ? 'New York' : 'Berlin' });
  });

  it('keeps a place that only looks like it ends in a time: "Berlin in Germany"', () => {
    expect(extractFactsOffline('I moved to Berlin in Germany')[0]).toMatchObject({ fact: 'User lives in Berlin in Germany', object: 'Berlin in Germany' });
  });

  it.each([
    ['My name is Ana', ["User's name is Ana"]],
    ['I work at Acme as a nurse', ['User works at Acme', 'User works as a nurse']],
    ['I prefer tea over coffee', ['User prefers tea over coffee']],
    ["I'd rather drink tea than coffee", ['User prefers tea over coffee']],
    ["I'm allergic to peanuts", ['User is allergic to peanuts']],
    ['We decided to use Postgres', ["User's team decided to use Postgres"]],
    ["I don't live in Berlin anymore.", ['User no longer lives in Berlin']],
    ["I'm a software engineer at Google", ['User works as a software engineer', 'User works at Google']],
    ['We switched to Bun from Node', ["User's team switched to Bun", "User's team no longer uses Node"]],
    ['I changed my mind, I actually like Redux now', ['User likes Redux']],
    ['The deploy key rotates on Fridays.', ['The deploy key rotates on Fridays']],
  ])('%j', (input, expected) => {
    expect(facts(input)).toEqual(expected);
  });

  it('reads a message of one statement a line as that many facts', () => {
    // It was one fact, "User likes tea they live in Lisbon they work at Acme".
    expect(extractFactsOffline('I like tea\nI live in Lisbon\nI work at Acme').map((found) => found.fact)).toEqual(['User likes tea', 'User lives in Lisbon', 'User works at Acme']);
  });

  it('skips questions, greetings, thanks and chatter', () => {
    for (const text of ['ok', 'haha', 'thanks!', 'Hi! How are you?', 'Can you help me with my resume?', 'Sure, sounds good. lol', 'You are right.']) {
      expect(facts(text), text).toEqual([]);
    }
  });

  it('keeps the statement in a message that also asks or thanks', () => {
    expect(facts('Thanks! I moved to Lisbon, can you recommend a café?')).toEqual(['User lives in Lisbon']);
  });

  it('lets a following comment raise the weight of the fact it comments on', () => {
    const [plain] = extractFactsOffline('I love hiking.');
    const [charged] = extractFactsOffline("I love hiking. It's the best thing ever!");
    expect(charged?.fact).toBe('User loves hiking');
    expect(charged?.intensity ?? 0).toBeGreaterThan(plain?.intensity ?? 1);
  });

  it('scores identity-level statements highest and asides lowest', () => {
    const [identity] = extractFactsOffline("I've been vegan for 10 years, it's who I am.");
    const [aside] = extractFactsOffline('btw I watched a movie yesterday');
    expect(identity?.intensity ?? 0).toBeGreaterThanOrEqual(0.85);
    expect(aside?.intensity ?? 1).toBeLessThanOrEqual(0.2);
  });

  it('returns nothing for an empty message', () => {
    expect(extractFactsOffline('')).toEqual([]);
  });

  it('reads "it" as the thing the statement right before named, and drops a fact of "it" naming nothing said', () => {
    // The probe's watcher made a core memory "User loves it" of "I moved to Lisbon last month and I love it".
    expect(facts('I moved to Lisbon last month and I love it')).toEqual(['User lives in Lisbon (moved there last month)', 'User loves Lisbon']);
    expect(facts('I bought a Kindle and I hate it.')).toEqual(['User bought a Kindle', 'User hates the Kindle']);
    expect(extractFactsOffline('I bought a Kindle and I hate it.')[1]).toMatchObject({ predicate: 'dislikes', object: 'the Kindle', polarity: 'negative' });
    expect(facts('I love it!')).toEqual([]);
    // The statement before names a person first: "it" is not read as "User her old bike".
    expect(facts('My sister gave me her old bike and I use it every day.')).toEqual(["User's sister gave User her old bike"]);
  });
});
