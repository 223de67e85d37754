import { aliases, covers, singular } from './word-aliases.ts';

/**
 * Two kin words name two people: "my aunt in Leeds" is not "My mother lives in a care home in Leeds".
 * WordNet puts some kin far apart (aunt and mother meet three steps up, beyond the contrast guard's two), so
 * the guard reads them from this closed list of English kinship terms: the nuclear and extended family, each
 * with its step- and -in-law forms. Everyday synonyms ("mum" / "mother", src/forget/word-aliases.ts) name one
 * person, and a general word covers the ones under it ("parent" covers "mother", "kid" covers "son"; below).
 */
export const KIN: ReadonlySet<string> = new Set([
  'mother', 'mum', 'mom', 'mummy', 'mommy', 'father', 'dad', 'daddy', 'brother', 'sister', 'son', 'daughter', 'wife', 'husband',
  'grandmother', 'grandma', 'granny', 'nan', 'grandfather', 'grandpa', 'granddad', 'grandad', 'grandson', 'granddaughter',
  'uncle', 'aunt', 'auntie', 'cousin', 'nephew', 'niece',
  'stepmother', 'stepfather', 'stepson', 'stepdaughter', 'stepbrother', 'stepsister',
  'parent', 'sibling', 'child', 'kid', 'grandparent', 'grandchild', 'spouse', 'stepparent', 'stepchild', 'relative',
]);
/** General kin words and the words they cover, beyond word-aliases.ts's (which has "parent", "sibling", "kid", "child"). */
const NARROWER: Readonly<Record<string, readonly string[]>> = {
  grandparent: ['grandmother', 'grandma', 'granny', 'nan', 'grandfather', 'grandpa', 'granddad', 'grandad'],
  grandchild: ['grandson', 'granddaughter'],
  spouse: ['wife', 'husband'],
  stepparent: ['stepmother', 'stepfather'],
  stepchild: ['stepson', 'stepdaughter'],
  sibling: ['stepbrother', 'stepsister'],
};
const kinOf = (word: string): string | undefined => {
  const lower = word.toLowerCase() === 'grandchildren' ? 'grandchild' : singular(word.toLowerCase());
  if (KIN.has(lower)) return lower;
  const inLaw = /^(\p{L}+)-in-law$/u.exec(lower);
  return inLaw && KIN.has(inLaw[1]!) ? lower : undefined;
};
const coversKin = (general: string, specific: string) => general === 'relative' || covers(general, specific) || (NARROWER[general]?.includes(specific) ?? false);

/** True when both words are kin terms naming different people: not synonyms, neither covering the other. */
export function otherKin(left: string, right: string): boolean {
  const [one, other] = [kinOf(left), kinOf(right)];
  if (one === undefined || other === undefined || one === other) return false;
  return !(aliases(one, other) || coversKin(one, other) || coversKin(other, one));
}
