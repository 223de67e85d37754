import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { contrastedWord, contrastOf } from './contrast-guard.ts';
import { descriptionForms, wordForms } from './description-words.ts';
import { forgetByDescription } from './forget-by-description.ts';

// Words and memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
const relation = (left: string, right: string) => contrastOf(wordForms(left)[0]!, wordForms(right)[0]!);

describe('siblings and opposites (WordNet 3.0, src/forget/wordnet-contrasts-table.ts)', () => {
  it('reads two kinds of one thing as siblings', () => {
    expect(relation('lemon', 'orange')).toBe('sibling');
    expect(relation('hammer', 'screwdriver')).toBe('sibling');
    expect(relation('knee', 'elbow')).toBe('sibling');
    expect(relation('winter', 'summer')).toBe('sibling');
  });

  it('reads antonyms as opposites, in any inflection and either order', () => {
    expect(relation('opened', 'closed')).toBe('opposite');
    expect(relation('fired', 'hired')).toBe('opposite');
    expect(relation('won', 'lost')).toBe('opposite');
    expect(relation('left', 'right')).toBe('opposite');
    expect(relation('asleep', 'awake')).toBe('opposite');
    // An adjective satellite through its head's antonym: "tiny" is a satellite of "small", whose antonym is "large".
    expect(relation('tiny', 'large')).toBe('opposite');
  });

  it('does not contrast a synonym, a kind with its kind, the same word, or members of a broad category', () => {
    expect(relation('physician', 'doctor')).toBeUndefined();
    expect(relation('puppy', 'dog')).toBeUndefined();
    expect(relation('car', 'vehicle')).toBeUndefined();
    expect(relation('bought', 'buy')).toBeUndefined();
    // Both feelings, but "feeling" holds too many words to make them alternatives (the table's MAX_KIND).
    expect(relation('preference', 'hate')).toBeUndefined();
    expect(relation('zxqv', 'lemon')).toBeUndefined();
  });

  it('finds the description word the memory lacks and the memory word standing against it', () => {
    // Numbers of different value, said in words or digits ("eight" is not in WordNet's table).
    expect(contrastedWord(descriptionForms('that my daughter turned seven'), 'My daughter turned six on Sunday')).toEqual({ word: 'seven', other: 'six', relation: 'sibling' });
    expect(contrastedWord(descriptionForms('that the twins are eleven'), 'The twins are 12 now')).toEqual({ word: 'eleven', other: '12', relation: 'sibling' });
    expect(contrastedWord(descriptionForms('that my daughter turned six'), 'My daughter turned 6 on Sunday')).toBeUndefined();
    expect(contrastedWord(descriptionForms('that I sprained my knee'), 'I sprained my elbow at the climbing gym')).toEqual({ word: 'knee', other: 'elbow', relation: 'sibling' });
    expect(contrastedWord(descriptionForms('that I closed my shop'), 'I opened my shop in 2019')).toEqual({ word: 'closed', other: 'opened', relation: 'opposite' });
    // Holding the word itself, the memory is not contrasted by another word it also holds.
    expect(contrastedWord(descriptionForms('my elbow'), 'I sprained my elbow and my knee')).toBeUndefined();
  });

  it('an opposite verb with another person acting is the same event from the other side', () => {
    const memory = 'I sold my camera to Greta';
    expect(contrastedWord(descriptionForms('that I bought a camera'), memory, 'that I bought a camera')).toMatchObject({ relation: 'opposite' });
    expect(contrastedWord(descriptionForms('Greta buying my camera'), memory, 'Greta buying my camera')).toBeUndefined();
  });
});

describe('forgetting by description: a sibling or an opposite is offered, not deleted', () => {
  const agent = useLiteAgentPerTest();
  const contentsOf = (matches: { content: string }[]) => matches.map((match) => match.content);

  it('"the right headlight" does not delete the only memory of the left one, and "the left headlight" does', async () => {
    await agent.remember(['The left headlight of the van is broken', 'Bram owes me a favour', 'I bake bread on Sundays']);
    const report = await forgetByDescription(agent.memory(), 'the right headlight of the van', { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(report.candidates.find((candidate) => candidate.content === 'The left headlight of the van is broken')?.why).toMatch(/says "left" where the description says "right"/);
    expect(contentsOf((await forgetByDescription(agent.memory(), 'the left headlight of the van', { dryRun: true })).deleted)).toEqual(['The left headlight of the van is broken']);
  });

  it('another season, or the opposite outcome, is not the memory naming the rest', async () => {
    await agent.remember(['I moved to Antwerp in the summer', 'My niece Fenna won a swimming medal', 'The boiler was serviced in March']);
    expect((await forgetByDescription(agent.memory(), 'that I moved to Antwerp in the winter', { dryRun: true })).deleted).toEqual([]);
    expect((await forgetByDescription(agent.memory(), 'that Fenna lost the swimming race', { dryRun: true })).deleted).toEqual([]);
    expect(contentsOf((await forgetByDescription(agent.memory(), 'that I moved to Antwerp', { dryRun: true })).deleted)).toEqual(['I moved to Antwerp in the summer']);
  });
});

describe('parts of the day', () => {
  it('are siblings, WordNet aside', () => {
    expect(contrastOf(['mornings', 'morning'], ['evening'])).toBe('sibling');
    expect(contrastOf(['tonight'], ['afternoon'])).toBe('sibling');
    expect(contrastOf(['nights', 'night'], ['overnight'])).toBeUndefined();
  });

  const agent = useLiteAgentPerTest();
  it('"in the mornings" is not "every evening": offered, not deleted; "in the evenings" is', async () => {
    await agent.remember(['I practise calligraphy every evening with a dip pen', 'My sister paints watercolours on Sundays']);
    const report = await forgetByDescription(agent.memory(), 'that I practise calligraphy in the mornings', { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('I practise calligraphy every evening with a dip pen');
    expect((await forgetByDescription(agent.memory(), 'that I practise calligraphy in the evenings', { dryRun: true })).deleted.map((match) => match.content)).toEqual(['I practise calligraphy every evening with a dip pen']);
  });
});
