import { describe, expect, it } from 'vitest';
import { sameNumbers, statedNumbers } from './stated-numbers.ts';

describe('the numbers a statement states', () => {
  it('reads codes, ordinals, times and amounts as the values they name', () => {
    expect(statedNumbers('My flight to Rome is on March 9 at 10:30')).toEqual(['10:30', '9']);
    expect(statedNumbers('Locker 5 holds my 5th umbrella, worth 84,000 won.')).toEqual(['5', '84000']);
    expect(statedNumbers('No numbers here.')).toEqual([]);
    expect(statedNumbers('Vitamin B12 at 10 a.m., v1.2.0 of the app, 1.5k steps, 5km, 09:00')).toEqual(['1.2', '10', '1500', '5', '9', 'b12']);
  });

  it('reads a number after a long word without digits, and from the word holding its first digit', () => {
    // Linear since the runs are matched whole (5.6 s for one comparison at 40,000 letters before, 1 ms after: measured, not asserted).
    expect(statedNumbers(`${'a'.repeat(40_000)} 4471`)).toEqual(['4471']);
    expect(statedNumbers('abc,5 and x1.2.0 and 84,000')).toEqual(['5', '84000', 'x1.2']);
  });

  it('tells a changed code from the same one said again', () => {
    expect(sameNumbers("User's locker code is 4471", "User's locker code is 9920 now")).toBe(false);
    expect(sameNumbers("User's locker code is 4471", 'As I said, my locker code is 4471.')).toBe(true);
    expect(sameNumbers('User prefers oolong tea', 'User really prefers oolong tea')).toBe(true);
  });

  // Each pair was two memories of one fact after c2bf9f3 (the watcher: 12 memories of 13 restatements, against 6 before it).
  it.each([
    ['User has two cats at home', 'User has 2 cats at home'],
    ['User is allergic to penicillin since they were 10', 'User is allergic to penicillin since they were ten'],
    ["User's flight to Rome leaves at 9:30 on March 9th", "User's flight to Rome leaves at 9.30 on March 9"],
    ["User's team runs version 1.2 of the billing service", "User's team runs version 1.2.0 of the billing service"],
    ["User's rent is $1,500 a month", "User's rent is 1.5k a month"],
    ["User's rent is $1,500 a month", "User's rent is fifteen hundred dollars a month"],
    ['The standup is at 10am every day', 'The standup is at 10 am every day'],
    ['The standup is at 10:00 every day', 'The standup is at 10 every day'],
    ['User ran a 5km race on the 21st', 'User ran a 5 km race on the twenty-first'],
    ['User owes 18,400 euros', 'User owes eighteen thousand four hundred euros'],
    ["User's PIN is 1357", "User's PIN is one three five seven"],
    ['The house sold for $1.5 million', 'The house sold for $1,500,000'],
    ['The meeting is on 2026-03-09', 'The meeting is on March 9, 2026'],
    ['The train leaves at 9:30pm', 'The train leaves at 21:30'],
    ['Lunch is at noon', 'Lunch is at 12pm'],
    ['User bought a dozen eggs', 'User bought 12 eggs'],
    ['The meeting is at half past nine', 'The meeting is at 9:30'],
    ['The meeting is at half past 9', 'The meeting is at 9.30'],
    ['The meeting is at quarter past nine', 'The meeting is at 9:15'],
    ['The meeting is at a quarter to ten', 'The meeting is at 9:45'],
    ['The meeting is at twenty past nine', 'The meeting is at 9:20'],
    ['The meeting is at nine thirty', 'The meeting is at 9:30'],
    ['The train leaves at half past nine in the evening', 'The train leaves at 21:30'],
    ["User's number is 555-1234", "User's number is 5551234"],
    ["User's number is 555 1234", "User's number is 555-1234"],
    ["User's number is (555) 123-4567", "User's number is 5551234567"],
    ["User's number is +1 555-123-4567", "User's number is 1-555-123-4567"],
  ])('"%s" and "%s" state the same numbers', (left, right) => {
    expect(sameNumbers(left, right)).toBe(true);
    expect(sameNumbers(right, left)).toBe(true);
  });

  it.each([
    ['The standup is at 10am every day', 'The standup is at 10pm every day'],
    ['User has two cats at home', 'User has 3 cats at home'],
    ["User's team runs version 1.2 of the billing service", "User's team runs version 1.3 of the billing service"],
    ['User takes vitamin B12', 'User takes vitamin B6'],
    ["User's PIN is 1357", "User's PIN is one three five eight"],
    ['The house sold for $1.5 million', 'The house sold for $1.5 thousand'],
    ['The meeting is on 2026-03-09', 'The meeting is on May 9, 2026'],
    ['The train leaves at 9:30pm', 'The train leaves at 9:30am'],
    ['The alarm is set for 12am', 'The alarm is set for 12pm'],
    ["User's rent is $1,500 a month", "User's rent is $1,600 a month"],
    ['The meeting is at half past nine', 'The meeting is at 9:45'],
    ['The meeting is at half past nine', 'The meeting is at 10:30'],
    ['The meeting is at quarter to ten', 'The meeting is at 10:15'],
    ['The train leaves at half past nine', 'The train leaves at 21:30'],
    ["User's number is 555-1234", "User's number is 5551235"],
    ["User's number is 555-1234", "User's number is 555-4321"],
    ["User's number is 555 1234", "User's number is 5554321"],
    ["User's number is (555) 123-4567", "User's number is 5551234568"],
  ])('"%s" and "%s" do not', (left, right) => {
    expect(sameNumbers(left, right)).toBe(false);
    expect(sameNumbers(right, left)).toBe(false);
  });
});
