import type { Hippocampus } from '../memory/hippocampus.ts';
import type { LeaderCandidate } from './clear-leader.ts';
import { ambiguous, type SureMatch } from './same-thing.ts';

/**
 * How close another memory holding the description's words as fully must come to a sure match's
 * similarity to leave it unsure: the lead clear-leader.ts asks of a leader (0.1, where a request about
 * nothing stored led by at most 0.085), since a match that does not lead by that much is not clearly the
 * one meant. "my password" with "My laptop password is orange42" (0.733) and "My bank password is
 * tulip88" (0.677), stored as chat: 0.056 apart, and the laptop one alone was deleted (a probe; stored as
 * observations the same pair scores 0.695 / 0.651). On the labelled set (scenarios 1–88), 10 of the 310
 * deletions by similarity have a rival holding the words as fully that is a different thing, behind by
 * 0.027 ("what I did on my final exam"), 0.073, 0.100–0.220 and 0.306; the own-life and user's-thing rules
 * decide all of them, so the margin costs no recall up to 0.3 and one request at 0.4 ("our anniversary").
 */
export const RIVAL_MARGIN = 0.1;

/** A judged memory as this rule sees it. */
export interface RivalCandidate extends LeaderCandidate, SureMatch {}

/**
 * A sure match is not sure when another memory, not sure itself, holds the description's words as fully
 * (as many of them, and all of them when the match does) at a similarity within RIVAL_MARGIN, and the two
 * are different things (same-thing.ts): "my password" fits the bank password as well as the laptop one,
 * and 0.7 falling between them is no reason to take one. `rules out` drops rivals the description itself
 * excludes (a negation of what it states). Marks such matches unsure, saying which memory fits as well.
 */
export async function doubtCloseRivals(memory: Hippocampus, field: RivalCandidate[], rulesOut: (match: RivalCandidate, rival: RivalCandidate) => Promise<boolean>): Promise<void> {
  const sure = field.filter((entry) => entry.sure && entry.similarity !== null);
  for (const entry of sure) {
    const close = field.filter(
      (other) =>
        other !== entry &&
        !other.sure &&
        other.similarity !== null &&
        other.held >= entry.held &&
        (other.holdsAll || !entry.holdsAll) &&
        other.similarity >= entry.similarity! - RIVAL_MARGIN,
    );
    for (const rival of close) {
      if ((await rulesOut(entry, rival)) || !(await ambiguous(memory, [entry, rival]))) continue;
      Object.assign(entry, { sure: false, offered: true, why: `${entry.why}; but "${rival.content}" holds the words as fully (similarity ${rival.similarity!.toFixed(2)})` });
      break;
    }
  }
}
