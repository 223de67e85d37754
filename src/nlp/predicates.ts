/**
 * The predicate vocabulary of offline facts. One place says which predicates
 * hold a single value at a time (a new value replaces the old one) and which
 * predicates are the same relation worded differently.
 */

// "User", "User's sister", "User's best friend", "User's team's CI". A second
// word is only taken when it is a known modifier, so "User's team deploys"
// stops before the verb. Captured as one group; shared by the rules that
// write canonical facts and the rules that read them back.
const SUBJECT_MODIFIER = '(?:best|older|younger|little|big|baby|ex|new|old|current|former|oldest|youngest|eldest|twin|step|late|close) ';

/** Regular-expression source matching the subject of a fact about the user, as one capture group. */
export const USER_SUBJECT = `((?:the )?user(?:'s (?:${SUBJECT_MODIFIER})?[\\w-]+(?:'s [\\w-]+)?)?)`;

// A person lives in one city, has one name and one employer at a time; they
// can like many things and use many tools.
const SINGLE_VALUED = new Set([
  'name',
  'age',
  'lives_in',
  'from',
  'works_at',
  'job',
  'relationship_status',
  'wife',
  'husband',
  'partner',
  'boyfriend',
  'girlfriend',
  'boss',
  'manager',
  'diet',
  'pronouns',
  'birthday',
]);

// Predicates that name one relation: comparing "likes" with "dislikes" must
// see the same relation with opposite polarity.
const FAMILIES: Readonly<Record<string, string>> = {
  likes: 'preference',
  dislikes: 'preference',
  own: 'have',
  have: 'have',
  use: 'uses',
  uses: 'uses',
};

/**
 * True when a predicate holds one value at a time, so a new object replaces the old.
 *
 * @example
 * isSingleValued('lives_in') // true
 * isSingleValued('likes') // false
 */
export function isSingleValued(predicate: string): boolean {
  return SINGLE_VALUED.has(predicate) || predicate.startsWith('favorite_');
}

/**
 * The relation a predicate belongs to, for comparing facts worded differently.
 *
 * @example
 * predicateFamily('dislikes') // 'preference'
 */
export function predicateFamily(predicate: string): string {
  return FAMILIES[predicate] ?? predicate;
}

/** Job titles, so "User is a nurse" is read as a job and not as an identity. */
export const JOB_WORDS =
  /\b(nurse|doctor|physician|surgeon|dentist|teacher|professor|lecturer|engineer|developer|programmer|designer|architect|accountant|lawyer|attorney|chef|cook|baker|barista|waiter|waitress|pilot|driver|mechanic|electrician|plumber|carpenter|farmer|scientist|researcher|analyst|consultant|manager|director|founder|ceo|cto|cfo|writer|journalist|editor|photographer|artist|musician|actor|actress|student|intern|pharmacist|therapist|psychologist|veterinarian|vet|paramedic|firefighter|officer|soldier|salesperson|recruiter|librarian|translator|tutor|coach|trainer|freelancer|contractor|administrator|admin|marketer|product owner|data scientist|sysadmin)s?$/i;
