import { describe, expect, it } from 'vitest';
import { nameTheSpeaker, thirdPersonSingular, toThirdPerson } from './third-person.ts';

describe('toThirdPerson', () => {
  it.each([
    ['I tried that new café on Sukhumvit.', 'User tried a new café on Sukhumvit'],
    ["I'm allergic to peanuts", 'User is allergic to peanuts'],
    ["I've been vegan for 10 years", 'User has been vegan for 10 years'],
    ["I don't live in Berlin anymore", "User doesn't live in Berlin anymore"],
    ['I actually moved to Lisbon', 'User moved to Lisbon'],
    ['i love sushi', 'User loves sushi'],
    ['I go hiking and watch movies with my wife', 'User goes hiking and watches movies with their wife'],
    ['I wish I could fly', 'User wishes they could fly'],
    ['I quit smoking', 'User quit smoking'],
    ['We decided to use Postgres', "User's team decided to use Postgres"],
    ['My name is Ana', "User's name is Ana"],
    ['Call me Ana', "User's name is Ana"],
    ['I kind of like jazz', 'User kind of likes jazz'],
  ])('%j → %j', (input, expected) => {
    expect(toThirdPerson(input)).toBe(expected);
  });

  it('names the speaker in a statement about another, "me" and "I" as User (it wrote "gave them", "they am")', () => {
    expect(toThirdPerson('My sister gave me her old bike')).toBe("User's sister gave User her old bike");
    expect(toThirdPerson('My sister thinks I am lazy')).toBe("User's sister thinks User is lazy");
    expect(toThirdPerson('My mum calls me every Sunday')).toBe("User's mum calls User every Sunday");
  });

  it('returns undefined for a statement not about the speaker', () => {
    expect(toThirdPerson('The deploy key rotates on Fridays')).toBeUndefined();
  });
});

describe('thirdPersonSingular', () => {
  it('conjugates regular and irregular verbs, keeping shouting', () => {
    expect(['try', 'watch', 'go', 'have', 'play', 'HATE'].map(thirdPersonSingular)).toEqual(['tries', 'watches', 'goes', 'has', 'plays', 'HATES']);
  });
});

describe('nameTheSpeaker', () => {
  it('names the speaker inside a statement about something else', () => {
    expect(nameTheSpeaker('Hiking keeps me sane')).toBe('Hiking keeps User sane');
  });
});
