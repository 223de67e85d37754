/** First-person statements, each holding facts (a place, a name, a dislike, a relation, an allergy, a habit). */
const SAID = [
  'I moved to Lisbon in May 2021 with my wife Ana.',
  'My favourite food is ramen from the place on Rua Augusta.',
  'I never want to use Redux again.',
  'My brother Tom works as a nurse in Leeds.',
  'We adopted a cat called Miso last spring.',
  'I am allergic to penicillin.',
  'I run 10k every Sunday morning.',
];

/**
 * A message of about `chars` characters made of first-person statements (their numbers varied, so that no two repeat
 * word for word): what remember_facts' longest input (MAX_TEXT_CHARS) looks like when every sentence states a fact.
 */
export function firstPersonText(chars: number): string {
  let text = '';
  for (let index = 0; text.length < chars - 80; index++) text += `${SAID[index % SAID.length]!.replace(/\d+/, (digits) => String(Number(digits) + index))} `;
  return text.trim();
}

/** The statements themselves, joined: a short message (under 400 characters). */
export const FIRST_PERSON_MESSAGE = SAID.join(' ');
