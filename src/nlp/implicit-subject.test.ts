import { describe, expect, it } from 'vitest';
import { hasImplicitFirstPerson } from './implicit-subject.ts';

describe('hasImplicitFirstPerson', () => {
  it.each([
    'Been tweaking a dessert recipe to make it yummier.',
    'Researching adoption agencies — it has been a dream.',
    'Still working on opening a dance studio.',
    'had an audition yesterday for a writing gig.',
    'Went to the market with my sister.',
    'Got a new puppy last week.',
    'Finally finished the marathon.',
    'Wow, going to Paris next month.',
  ])('reads "%s" as the speaker speaking of themselves', (sentence) => {
    expect(hasImplicitFirstPerson(sentence)).toBe(true);
  });

  it.each([
    'Make sure you watch other videos first.',
    'Keep it up!',
    'Did your friends like it?',
    'Is it fun?',
    'Sounds great!',
    'Looks amazing.',
    'Thanks, Nate.',
    'The market was busy.',
    'I went to the market.',
  ])('does not read "%s" as a subjectless statement', (sentence) => {
    expect(hasImplicitFirstPerson(sentence)).toBe(false);
  });
});
