/** A judged memory a guard may doubt: sure matches are deleted, the others offered to confirm. */
export interface Doubtable {
  sure: boolean;
  why: string;
  content: string;
}

/**
 * The one way a guard doubts a sure match: each memory still sure for which `reasonOf` gives a reason is offered to
 * confirm instead of deleted, "; but <reason>" added to why. Memories not sure are not read (`reasonOf` may be
 * costly: it tags their text). Guards run in turn, so a later one sees only what the earlier ones left sure.
 *
 * @example
 * offerInstead(judged, (entry) => (anotherActor(description, entry.content) ? 'someone else does it there' : undefined));
 */
export function offerInstead<T extends Doubtable>(judged: readonly T[], reasonOf: (entry: T) => string | undefined): void {
  for (const entry of judged) {
    if (entry.sure) doubt(entry, reasonOf(entry));
  }
}

/** offerInstead for a guard that must wait for its reason (one that embeds words: possessed-thing.ts). */
export async function offerInsteadAsync<T extends Doubtable>(judged: readonly T[], reasonOf: (entry: T) => Promise<string | undefined>): Promise<void> {
  for (const entry of judged) {
    if (entry.sure) doubt(entry, await reasonOf(entry));
  }
}

function doubt(entry: Doubtable, reason: string | undefined): void {
  if (reason !== undefined) Object.assign(entry, { sure: false, why: `${entry.why}; but ${reason}` });
}
