import { describe, expect, it } from 'vitest';
import { parseFact } from './parse-fact.ts';

function structure(fact: string): [string, string, string, string] {
  const parsed = parseFact(fact);
  return [parsed.subject, parsed.predicate, parsed.object, parsed.polarity];
}

describe('parseFact', () => {
  it.each([
    ['User lives in Lisbon', ['user', 'lives_in', 'Lisbon', 'neutral']],
    ['User moved to Lisbon', ['user', 'lives_in', 'Lisbon', 'neutral']],
    ['User no longer lives in Berlin', ['user', 'lives_in', 'Berlin', 'negative']],
    ["User's name is Ana", ['user', 'name', 'Ana', 'neutral']],
    ['User works at Acme', ['user', 'works_at', 'Acme', 'neutral']],
    ['User is a nurse', ['user', 'job', 'nurse', 'neutral']],
    ['User strongly dislikes Redux', ['user', 'dislikes', 'Redux', 'negative']],
    ['User loves jazz', ['user', 'likes', 'jazz', 'positive']],
    ['User prefers tea over coffee', ['user', 'prefers', 'tea over coffee', 'positive']],
    ['User is allergic to peanuts', ['user', 'allergic_to', 'peanuts', 'neutral']],
    ["User's team decided to use Postgres", ["user's team", 'uses', 'Postgres', 'neutral']],
    ["User's dog is called Rex", ["user's dog", 'name', 'Rex', 'neutral']],
    ["User's wife's name is Maria", ['user', 'wife', 'Maria', 'neutral']],
    ['User is 34 years old', ['user', 'age', '34', 'neutral']],
    ["User's favourite colour is blue", ['user', 'favorite_color', 'blue', 'neutral']],
    ['User tried a new café on Sukhumvit', ['user', 'try', 'a new café on Sukhumvit', 'neutral']],
    ['User lives alone', ['user', 'live', 'alone', 'neutral']],
    ["User's team deploys on Fridays", ["user's team", 'deploy_on', 'Fridays', 'neutral']],
    ['User stopped drinking coffee', ['user', 'drink', 'coffee', 'negative']],
    ["User doesn't eat meat", ['user', 'eat', 'meat', 'negative']],
  ])('%j', (fact, expected) => {
    expect(structure(fact)).toEqual(expected);
  });

  it('keeps the fact text and tolerates a trailing full stop', () => {
    expect(parseFact('User lives in Berlin.').fact).toBe('User lives in Berlin.');
    expect(parseFact('User lives in Berlin.').object).toBe('Berlin');
  });

  it('reads a fact about the world with its own subject', () => {
    expect(structure('The deploy key rotates on Fridays')).toEqual(['the deploy key', 'rotate_on', 'Fridays', 'neutral']);
  });
});
