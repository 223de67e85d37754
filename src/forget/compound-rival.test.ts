import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { compoundHolding, doubtCompoundRival } from './compound-rival.ts';
import { forgetByDescription } from './forget-by-description.ts';

// Memories of their own, not the labelled set's (src/forget/fixtures/forget-cases.ts).
describe('a word another memory says inside a compound', () => {
  it('finds the word as either part of a closed compound of two English words, not inside another word nor a kin word', () => {
    expect(compoundHolding('I keep a goldfish called Bubbles', ['fish'])).toBe('goldfish');
    expect(compoundHolding('The bookshelf in the hall is full', ['book'])).toBe('bookshelf');
    // "nucl" is no word, "car" + "pet" leaves a part too short, "re" + "searching" is no compound.
    expect(compoundHolding('The nuclear plant closed', ['ear'])).toBeUndefined();
    expect(compoundHolding('The carpet is stained', ['pet'])).toBeUndefined();
    // Kin compounds are kin.ts's to read: a grandfather is not the father.
    expect(compoundHolding('My grandfather fought in the war', ['father'])).toBeUndefined();
  });

  it('offers a sure match holding the word when a memory as close in meaning (within 0.1) says it in a compound, and only then', () => {
    const holder = { content: 'My uncle is scared of fish', sure: true, why: 'the only memory holding "fish"', similarity: 0.38 };
    const closer = { content: 'I keep a goldfish called Bubbles', sure: false, why: 'close in meaning', similarity: 0.5 };
    doubtCompoundRival([holder, closer], [holder, closer], [['fish']]);
    expect(holder.sure).toBe(false);
    expect(holder.why).toContain('"goldfish"');
    // Within close-rival.ts's margin (0.1) below it is a rival too: "the canal boat" / "We live on a narrowboat …" 0.05 below.
    const within = { content: 'My uncle is scared of fish', sure: true, why: 'the only memory holding "fish"', similarity: 0.55 };
    doubtCompoundRival([within, closer], [within, closer], [['fish']]);
    expect(within.sure).toBe(false);
    const nearer = { content: 'My uncle is scared of fish', sure: true, why: 'the only memory holding "fish"', similarity: 0.7 };
    doubtCompoundRival([nearer, closer], [nearer, closer], [['fish']]);
    expect(nearer.sure).toBe(true);
  });
});

const agent = useLiteAgentPerTest();

describe('forgetting a word another memory says in a compound', () => {
  it('"the fish" with a goldfish closer: deletes nothing and offers both', async () => {
    await agent.remember(['My uncle Bertil is scared of fish', 'I keep a goldfish called Bubbles in a bowl in the kitchen', 'The printer is out of ink', 'We booked a table for Friday']);
    const report = await forgetByDescription(agent.memory(), 'the fish', { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('My uncle Bertil is scared of fish');
  });
});
