/**
 * Negation in a description is polarity, not content (src/forget/polarity.ts reads it from the text): "that the
 * landlord won't deal with the bathroom", "the account my wife doesnt know about", "that I never graduated". Query
 * terms drop an apostrophe before they drop stop words, so a negated auxiliary became a word no memory holds ("wont",
 * "doesnt" — typed with or without the apostrophe), and "never" one that "I have never met her" holds; each counted
 * against the memory meant as a word it lacked. Fresh batches 10 and 11 (rounds 11 and 13, written before the
 * matcher was read) lost requests so.
 */
const NEGATED_AUXILIARY = /^(?:do|does|did|is|are|was|were|wo|would|could|should|ca|can|have|has|had|must|need|ai|might)n['’]?t$/u;

/** True for a description word that only negates: "never", "won't" / "wont", "doesn't" / "doesnt", "can't" / "cant", "cannot". */
export function isNegationWord(term: string): boolean {
  // "cannot" is "can not" written as one word (round 17: "that I cannot have milk" held "cannot" as a word to hold).
  return term === 'never' || term === 'cannot' || NEGATED_AUXILIARY.test(term);
}
