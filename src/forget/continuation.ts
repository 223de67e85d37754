import { statementOf } from './description-words.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';

/**
 * A deed that goes on (or again) is not one that has stopped: "that I still smoke" is not "I smoked for ten years
 * before I quit", "that I still volunteer at the library" not "I stopped volunteering at the library in 2020",
 * "that I eat meat again" not "I gave up meat three years ago". Round 10's and round 13's probes deleted each
 * (holding every word, or the only memory holding "smoke"): the words are the deed's, the aspect is the other
 * one. A side that says the deed goes on ("still", "again", "anymore" in a question aside) against a side that
 * says it stopped (stopped, quit, gave up, no longer, used to, paid back or off), while the stopping side says
 * nothing goes on, is offered to confirm.
 */
const GOES_ON = /(?<![\p{L}])(?:still|again|(?:re)?started\s+again|continues?|continued|keeps?\s+on)(?![\p{L}])/iu;
const STOPPED = /(?<![\p{L}])(?:stop(?:ped|ping)|quit(?:s|ting)?|g[ai]ve(?:s|n)?\s+up|giving\s+up|gave\s+(?:\p{L}+\s+){1,2}up|no\s+longer|used\s+to|pa(?:id|y)\s+(?:\p{L}+\s+){0,2}(?:back|off))(?![\p{L}])/iu;

const said = statementOf;

/** True when one side says the deed goes on and the other, saying nothing goes on, that it stopped. */
export function goesOnAgainstStopped(description: string, content: string): boolean {
  const [asked, told] = [said(description), said(content)];
  const [askedOn, toldOn] = [GOES_ON.test(asked), GOES_ON.test(told)];
  return (askedOn && !toldOn && STOPPED.test(told) && !STOPPED.test(asked)) || (toldOn && !askedOn && STOPPED.test(asked) && !STOPPED.test(told));
}

/** Sure matches that say the deed stopped where the description says it goes on (or the reverse) are offered to confirm instead. */
export function doubtStopped(judged: readonly Doubtable[], description: string): void {
  offerInstead(judged, (entry) => (goesOnAgainstStopped(description, entry.content) ? 'one of the two says it stopped, the other that it goes on' : undefined));
}
