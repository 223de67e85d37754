import { describe, expect, it } from 'vitest';
import { isUsersThing, speaksOfUser, userIsSubject } from './first-person.ts';

describe('the user in a description and in a memory', () => {
  it('hears the user in my, our, I and me, but not in the telling', () => {
    expect(speaksOfUser('my divorce')).toBe(true);
    expect(speaksOfUser('our counselling')).toBe(true);
    expect(speaksOfUser('how I take my coffee')).toBe(true);
    expect(speaksOfUser('the divorce')).toBe(false);
    expect(speaksOfUser('what I said about Brent')).toBe(false);
  });

  it('finds the user as a subject only where they say I or we', () => {
    expect(userIsSubject('My husband and I are getting divorced')).toBe(true);
    expect(userIsSubject("I'm taking sertraline")).toBe(true);
    expect(userIsSubject('We moved into the new house in August')).toBe(true);
    expect(userIsSubject('User likes Redux')).toBe(true);
    // "My" alone: the friends did the divorcing.
    expect(userIsSubject('My friends got divorced last year')).toBe(false);
    expect(userIsSubject('My therapist Dr. Halvorsen sees me on Thursdays')).toBe(false);
  });

  it("knows the user's own thing, named, from a memory that only mentions such a thing", () => {
    expect(isUsersThing('My door code is 1234', 'my door code')).toBe(true);
    expect(isUsersThing("User's PIN is 4421", 'my PIN')).toBe(true);
    expect(isUsersThing('Our wifi passwords are on the fridge', 'our wifi password')).toBe(true);
    expect(isUsersThing('I do not have a door code at work', 'my door code')).toBe(false);
    expect(isUsersThing('My friends got divorced last year', 'my divorce')).toBe(false);
    expect(isUsersThing('My sister has a door code', 'my door code')).toBe(false);
    expect(isUsersThing('My door code is 1234', 'what I did with my door code')).toBe(false);
    expect(isUsersThing('My blood pressure medication is amlodipine', 'my medication')).toBe(false);
    expect(isUsersThing('My wife is named Jana', 'my wife')).toBe(true);
  });
});
