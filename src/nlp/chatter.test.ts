import { describe, expect, it } from 'vitest';
import { coreClause, isChatter, isQuestion, isReversalOnly, refersBack, stripOpeners } from './chatter.ts';

describe('isChatter', () => {
  it.each(['ok', 'haha', 'thanks!', 'ok thanks, haha', 'Sure, sounds good. lol', 'hahaha', 'Good morning!', ':)', '...'])('skips %j', (text) => {
    expect(isChatter(text)).toBe(true);
  });

  it.each(['ok, I moved to Lisbon', 'thanks, my name is Ana', 'I love it'])('keeps %j', (text) => {
    expect(isChatter(text)).toBe(false);
  });
});

describe('isQuestion', () => {
  it('recognises questions with or without a question mark', () => {
    expect(isQuestion('How are you?')).toBe(true);
    expect(isQuestion('can you recommend a café in Lisbon')).toBe(true);
    expect(isQuestion('I wonder what Lisbon is like.')).toBe(false);
    expect(isQuestion('What I love is hiking.')).toBe(false);
  });
});

describe('statement framing', () => {
  it('strips openers but not the statement', () => {
    expect(stripOpeners('Oh and I tried that new café.')).toBe('I tried that new café.');
    expect(stripOpeners('Remember this: my wife is Maria')).toBe('my wife is Maria');
    expect(stripOpeners('Honestly, I think that Vim is great')).toBe('Vim is great');
  });

  it('cuts the comment off the core clause but keeps demonstratives inside it', () => {
    expect(coreClause('I NEVER want to use Redux again, it was a nightmare.')).toBe('I NEVER want to use Redux again');
    expect(coreClause('I hate Redux because it is verbose')).toBe('I hate Redux');
    expect(coreClause('I tried that new café on Sukhumvit.')).toBe('I tried that new café on Sukhumvit');
  });

  it('knows which statements lean on the one before', () => {
    expect(refersBack('It was a nightmare.')).toBe(true);
    expect(refersBack("That's why I left.")).toBe(true);
    expect(refersBack('Italy was great.')).toBe(false);
    expect(isReversalOnly('I changed my mind')).toBe(true);
    expect(isReversalOnly('I changed my mind about Redux, I like it')).toBe(false);
  });
});
