import { describe, expect, it } from 'vitest';
import { descriptionTerms, holdsEveryWord } from './description-words.ts';
import { aliases, aliasesOf, covers, readPhrases } from './word-aliases.ts';

describe('everyday synonyms in a forget request', () => {
  it('joins words a thesaurus lists together, with their plain endings', () => {
    expect(aliases('fine', 'ticket')).toBe(true);
    expect(aliases('laptops', 'computer')).toBe(true);
    expect(aliases('debt', 'owe')).toBe(true);
    // A person is not the activity: "my therapist" must not reach the couples counselling.
    expect(aliases('therapist', 'counselling')).toBe(false);
    expect(aliases('coffee', 'tea')).toBe(false);
    expect(aliases('kids', 'children')).toBe(true);
    expect(aliases('mugged', 'robbed')).toBe(true);
    // "login" reaches a password and a username, which stay apart from each other.
    expect(aliases('login', 'password')).toBe(true);
    expect(aliases('login', 'username')).toBe(true);
    expect(aliases('password', 'username')).toBe(false);
  });

  it('reads a two-word phrase as its word: replaced in a description, added in a memory', () => {
    expect(readPhrases('me and my husband splitting up', false)).toBe('me and my husband separated');
    expect(readPhrases('My grandmother passed away last October', true)).toBe('My grandmother passed away died last October');
    expect(holdsEveryWord('My grandmother Rosa passed away last October', 'the death of my grandmother')).toBe(true);
    expect(holdsEveryWord('I have been struggling with insomnia since the move', 'trouble sleeping')).toBe(true);
    // A sleep disorder is any of them (apnoea, sleepwalking …), not insomnia alone.
    expect(holdsEveryWord('I have been struggling with insomnia since the move', 'my sleep disorder')).toBe(false);
    expect(holdsEveryWord('I have been struggling with insomnia since the move', 'my sleep problems')).toBe(true);
    expect(holdsEveryWord('I got a DUI in 2018 and lost my licence for a year', 'the drunk driving thing')).toBe(true);
    expect(holdsEveryWord('My National Insurance number is QQ 12 34 56 C', 'my NI number')).toBe(true);
  });

  it('matches a request in other words than the memory, and not a memory of something else', () => {
    expect(holdsEveryWord('I got a speeding ticket on the A9 last Friday', 'my speeding fine')).toBe(true);
    expect(holdsEveryWord('My laptop login password is Marmalade!93', 'my computer password')).toBe(true);
    expect(holdsEveryWord('My landlord is raising the rent by 150 euros in April', 'rent rise from my landlord')).toBe(true);
    expect(holdsEveryWord('I bought a ticket for the Friday concert', 'my speeding fine')).toBe(false);
  });

  it('drops the words that name the kind of thing when there is something else to go on', () => {
    expect(descriptionTerms('the wedding anniversary date')).toEqual(['wedding', 'anniversary']);
    expect(descriptionTerms('my heart problem')).toEqual(['heart']);
    // Nothing else: the kind word is all there is.
    expect(descriptionTerms('the date')).toEqual(['date']);
    expect(descriptionTerms('the shoplifting incident')).toEqual(['shoplifting']);
    // Light verbs and "something" say nothing of what.
    expect(descriptionTerms('getting robbed')).toEqual(['robbed']);
    expect(descriptionTerms('that my son stole something')).toEqual(['son', 'stole']);
  });
});

describe('round 5 synonyms (scenarios 89–101)', () => {
  it('reads "used to" as former and "burned out" as burnout, and lists a word\'s synonyms to look memories up by', () => {
    expect(holdsEveryWord('I used to live at 7 Birch Lane in York', 'my old address')).toBe(true);
    expect(holdsEveryWord('I live at 14 Elm Street', 'my old address')).toBe(false);
    expect(holdsEveryWord('I told my manager Olga I am burned out', 'my burnout')).toBe(true);
    expect(holdsEveryWord('I was arrested at a protest in 2019', 'that I was arrested at the demo')).toBe(true);
    expect(aliasesOf('address')).toEqual(['live', 'lives', 'reside', 'residence']);
    expect(aliasesOf('coffee')).toEqual([]);
    // IVF is the fertility treatment, and stays a word of its own, not a name (it is spelled as one).
    expect(aliases('ivf', 'fertility')).toBe(true);
    expect(descriptionTerms('my IVF appointment')).toEqual(['ivf']);
    expect(aliases('boss', 'manager')).toBe(true);
    // Going to a named place is a trip; going to do something is not.
    expect(holdsEveryWord('We are going to Lisbon for our tenth anniversary in October', 'the Lisbon trip')).toBe(true);
    expect(holdsEveryWord('I am going to propose to Priyanka', 'the trip')).toBe(false);
  });
});

describe('a general word for the one thing a memory names', () => {
  it('reads "my kid" as a son or a daughter, one way only', () => {
    expect(covers('kid', 'daughter')).toBe(true);
    expect(covers('children', 'sons')).toBe(true);
    expect(covers('daughter', 'kid')).toBe(false);
    expect(aliases('son', 'daughter')).toBe(false);
    expect(holdsEveryWord('My daughter Amira has a peanut allergy', 'my kid with the peanut allergy')).toBe(true);
    expect(holdsEveryWord('My kids love peanuts', 'my daughter')).toBe(false);
  });
});

