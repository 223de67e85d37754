import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { descriptionTerms } from './description-words.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { isNegationWord } from './negation-words.ts';

describe('negation in a description', () => {
  it('is no content word, typed with the apostrophe or without', () => {
    expect(descriptionTerms("that the plumber won't answer my calls")).toEqual(['plumber', 'answer', 'calls']);
    expect(descriptionTerms('the loan my sister doesnt know about')).toEqual(['loan', 'sister', 'know']);
    expect(descriptionTerms('that I never learned to swim')).toEqual(['learned', 'swim']);
    // "can not" written as one word.
    expect(descriptionTerms('that my son cannot eat eggs')).toEqual(['son', 'eat', 'eggs']);
    expect(isNegationWord('cant')).toBe(true);
    expect(isNegationWord('couldnt')).toBe(true);
    // Words that only start or end so stay words.
    expect(isNegationWord('cantonese')).toBe(false);
    expect(isNegationWord('hint')).toBe(false);
    expect(isNegationWord('nevertheless')).toBe(false);
  });
});

describe('forgetting with a negation in the description', () => {
  let home: ReturnType<typeof createTempHome>;
  let memory: Hippocampus;
  beforeEach(async () => {
    home = createTempHome();
    memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder() });
  });
  afterEach(async () => {
    await memory.stop();
    home.cleanup();
  });

  it('deletes the memory holding every other word, the negation said its own way', async () => {
    await memory.rememberMany(
      [
        { type: 'observation', content: 'I took a loan of 5,000 euros and my sister does not know about it' },
        { type: 'observation', content: 'My sister lent me her car for the weekend' },
        { type: 'observation', content: 'The bank approved the car loan in May' },
      ],
      { longTerm: true },
    );
    // "doesnt" was read as a word no memory holds, so nothing held every word and nothing was deleted.
    const report = await forgetByDescription(memory, 'the loan my sister doesnt know about');
    expect(report.deleted.map((match) => match.content)).toEqual(['I took a loan of 5,000 euros and my sister does not know about it']);
  });
});
