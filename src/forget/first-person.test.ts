import { describe, expect, it } from 'vitest';
import { speaksOfUser, userIsSubject } from './first-person.ts';

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
});
