// "How do I…", "how to…", "what are the steps to…", "show me how…", "walk me
// through…": a question about doing something, which a learned skill may answer.
const HOW_TO = [
  /^\s*how\s+(?:do|does|can|could|should|would|did|to)\b/i,
  /\bhow\s+to\b/i,
  /\b(?:steps|procedure|process|recipe|command|script)\s+(?:to|for)\b/i,
  /\b(?:show|teach|tell)\s+me\s+how\b/i,
  /\bwalk\s+me\s+through\b/i,
  /\bwhat(?:'s|\s+is)\s+the\s+(?:best\s+)?way\s+to\b/i,
];

/**
 * True when the query asks how to do something.
 *
 * @example
 * isHowToQuery('How do I deploy billing to staging?') // true
 * isHowToQuery('Where did we deploy billing last week?') // false
 */
export function isHowToQuery(query: string): boolean {
  return HOW_TO.some((pattern) => pattern.test(query));
}
