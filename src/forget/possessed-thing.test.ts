import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { possessedThing } from './possessed-thing.ts';

// Memories of their own, not the labelled set's (src/forget/fixtures/forget-cases.ts).
describe('the thing a possessive names', () => {
  it('reads the last noun after "\'s", before a preposition, never a name, a number or a kind word', () => {
    expect(possessedThing("my son's swimming lessons", [])).toBe('lessons');
    expect(possessedThing("Omar's knee surgery in Leeds", ['omar', 'leeds'])).toBe('surgery');
    expect(possessedThing("my aunt's plans to move", [])).toBeUndefined();
    expect(possessedThing('my swimming lessons', [])).toBeUndefined();
    // A "do" ending the phrase is a party (fresh 19, written blind: "Dermot's stag do"), not after a plural's verb.
    expect(possessedThing("Dermot's stag do", ['dermot'])).toBe('party');
    expect(possessedThing("Dorian's leaving do at the pub", ['dorian'])).toBe('party');
    expect(possessedThing("what my son's teachers do", [])).toBe('teachers');
  });
});

const agent = useLiteAgentPerTest();

describe('forgetting the thing a possessive names', () => {
  it('offers, not deletes, a memory of that person close in meaning (0.81) that does not say the thing', async () => {
    await agent.remember(['My dad goes fishing on the canal every weekend', 'The printer is out of ink', 'We booked a table for Friday', 'The boiler was serviced in May']);
    const report = await forgetByDescription(agent.memory(), "my dad's fishing trip", { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.why)).toEqual([expect.stringContaining('but it does not say the trip')]);
  });
});

describe('a possessive before an open compound, and before a deed (round 21)', () => {
  const others = ['The printer is out of ink', 'We booked a table for Friday', 'The boiler was serviced in May'];

  it('offers a memory naming "<owner>\'s <thing> <head>" for "<owner>\'s <thing>": the head is the thing owned', async () => {
    await agent.remember(["My mother's engagement ring was lost at the beach", ...others]);
    const report = await forgetByDescription(agent.memory(), "the news about my mother's engagement", { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.why)).toContainEqual(expect.stringContaining('it says the engagement ring, not the engagement'));
  });

  it('still deletes the memory that says the thing itself', async () => {
    await agent.remember(["My mother's engagement to Raoul was announced in June", ...others]);
    const report = await forgetByDescription(agent.memory(), "the news about my mother's engagement", { dryRun: true });
    expect(report.deleted.map((match) => match.content)).toEqual(["My mother's engagement to Raoul was announced in June"]);
  });

  it("offers a memory where another does the deed a possessive gives its owner (\"my wife's cooking\": the user cooks)", async () => {
    await agent.remember(['I cook for my wife every Sunday', ...others]);
    const report = await forgetByDescription(agent.memory(), "that thing about my wife's cooking", { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.why)).toContainEqual(expect.stringContaining('someone else does it there'));
  });

  it('still deletes the memory where the owner does it', async () => {
    await agent.remember(['My wife cooks for the whole street every Sunday', ...others]);
    const report = await forgetByDescription(agent.memory(), "that thing about my wife's cooking", { dryRun: true });
    expect(report.deleted.map((match) => match.content)).toEqual(['My wife cooks for the whole street every Sunday']);
  });

  it("does not take a memory where another does the possessor's deed, past an auxiliary or done again", async () => {
    // "my son's reading" is the son reading: "I read my son Arlo's messages …" (fresh 18, round 21) and "I am rereading
    // The Hobbit to my son at bedtime" (fresh 19's memories, written blind, acting verb "am") hold both words.
    await agent.remember(["I read my son Arlo's messages on his phone", 'I am rereading The Hobbit to my son at bedtime', 'My son Milo was diagnosed with dyslexia last term']);
    const report = await forgetByDescription(agent.memory(), "that thing about my son's reading", { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(report.candidates.filter((match) => /someone else does it there/.test(match.why)).map((match) => match.content).sort()).toEqual(["I am rereading The Hobbit to my son at bedtime", "I read my son Arlo's messages on his phone"]);
  });

  it('offers, not deletes, the only memory naming the person for their "do" it does not say', async () => {
    // Fresh 19, written blind, about nothing stored: "stag" brought the best man's memory closer, and it was deleted.
    await agent.remember(['My best man was my old flatmate Dermot', 'The printer is out of ink', 'We booked a table for Friday', 'The boiler was serviced in May']);
    const report = await forgetByDescription(agent.memory(), "Dermot's stag do", { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.why)).toEqual(['the only memory naming dermot; but it does not say the party']);
  });
});
