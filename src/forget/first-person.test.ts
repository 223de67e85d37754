import { describe, expect, it } from 'vitest';
import { isUsersOtherOfKind, isUsersThing, ownedSubject, speaksOfUser, speaksOfUsersThing, userActs, userIsObject, userIsSubject } from './first-person.ts';

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
    // A preposition qualifying the subject makes it one of several: the bank's password, not "my password".
    expect(isUsersThing('My password for the bank is tulip88', 'my password')).toBe(false);
  });

  it('reads the subject of a "My …" memory without the name set beside it, and the telling before "my …"', () => {
    expect(ownedSubject('My therapist Dr. Halvorsen sees me on Thursdays')).toEqual(['therapist']);
    expect(ownedSubject('My sister Ines is pregnant')).toEqual(['sister']);
    expect(ownedSubject('Our wedding anniversary is on 3 September')).toEqual(['wedding', 'anniversary']);
    expect(ownedSubject('I keep my cash in the freezer')).toBeUndefined();
    expect(isUsersThing('My therapist Dr. Halvorsen sees me on Thursdays', 'my therapist')).toBe(true);
    expect(isUsersThing('My boss Henrik keeps making comments about my weight', 'what I told you about my boss')).toBe(true);
    expect(isUsersThing('My boss Henrik keeps making comments about my weight', 'my boss commenting on my weight')).toBe(false);
  });

  it('tells a description where the user acts from one where the user only owns the thing', () => {
    expect(userActs('what I did on my final exam')).toBe(true);
    expect(userActs('where we are going for our anniversary')).toBe(true);
    expect(userActs('when our anniversary is')).toBe(false);
    expect(userActs('what I said about my medication')).toBe(false);
  });
});

describe('the user as object, and several of the user\'s things of one kind', () => {
  it('hears the user as the object of a memory in me and us, not in the US', () => {
    expect(userIsObject('My ex Marco cheated on me with my best friend')).toBe(true);
    expect(userIsObject('Ruth lent us her tent')).toBe(true);
    expect(userIsObject('The US election is in November')).toBe(false);
    expect(userIsObject('I owe Marco a dinner')).toBe(false);
  });

  it('knows "My second car" as another of the user\'s cars when "my car" is asked for', () => {
    expect(isUsersOtherOfKind('My second car is a blue Volvo', 'my car')).toBe(true);
    expect(isUsersOtherOfKind('My work phone is a Pixel', 'my phone')).toBe(true);
    expect(isUsersOtherOfKind('My car is a red Mazda', 'my car')).toBe(false);
    expect(isUsersOtherOfKind('My second car is a blue Volvo', 'my second car')).toBe(false);
    expect(isUsersOtherOfKind('My carpet is red', 'my car')).toBe(false);
  });

  it("hears a memory of the user's life speak of the thing a description names, as the head of a phrase", () => {
    expect(speaksOfUsersThing('I still miss my ex, Sofia', 'my ex')).toBe(true);
    expect(speaksOfUsersThing('The nurse said I have high blood sugar', 'my blood sugar')).toBe(true);
    expect(speaksOfUsersThing('My ex-boss sent me a wedding invitation', 'my ex')).toBe(false);
    expect(speaksOfUsersThing('I have a password manager at work', 'my password')).toBe(false);
    expect(speaksOfUsersThing('Blood sugar tests are free at the pharmacy', 'my blood sugar')).toBe(false);
  });
});
