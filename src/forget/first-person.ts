/**
 * "My divorce", "our counselling", "how I take my coffee": a description in the first person asks about
 * the user's own life. When two memories hold its words and only one of them has the user speaking of
 * themself ("My husband and I are getting divorced" beside "My friends got divorced last year"; "I
 * prefer my coffee black" beside "The coffee machine at work is broken"), that one is what is meant.
 * "My" alone in a memory does not count: "my friends" did the divorcing.
 */
const TELLING = /\bI\s+(?:said|told|mentioned|gave|shared|wrote|noted)\b/gu;

/** True when the description speaks of the user (my, our, I, me, we), the telling ("what I said about") aside. */
export function speaksOfUser(description: string): boolean {
  return /(?<![\p{L}\p{N}])(?:my|our|ours|mine|me|we|us|I)(?![\p{L}\p{N}])/iu.test(description.replace(TELLING, ''));
}

/** True when the user is a subject of the memory: "I" or "we" as a word of its own, or a fact about "User". */
export function userIsSubject(content: string): boolean {
  return /^User\b/u.test(content) || /(?<![\p{L}\p{N}])(?:I|[Ww]e)(?:['’](?:m|ve|d|ll|re))?(?![\p{L}\p{N}'’])/u.test(content);
}
