// "Caroline: I went to ..." — a transcript line names its speaker first; the
// label hides the name from the recognisers and is not part of what was said.
const SPEAKER_LABEL = /^\s*([\p{Lu}][\p{L}\p{N} .'-]{0,40}):\s+/u;

// A name is capitalized words, but for the particles some surnames hold ("Vincent van Gogh"): "Remember
// this:" and "Deploy failed:" are no one, and were read as people (a question opening on "Remember" lifted
// every "Remember this:" memory; the graph held a person "Remember this").
const NAME_PARTICLE = /^(?:van|von|de|da|del|della|der|di|du|la|le|bin|al|y)$/u;
// One capitalized word before a colon that is a notice, not a person.
const NOTICE = /^(?:remember|note|notes|nb|ps|reminder|todo|fyi|important|update|error|warning|info|summary|question|answer|decision|fix|bug|tip|re|subject)$/iu;

/** Whether a label reads as a person's name: capitalized words (surname particles aside), not a one-word notice like "Remember". */
export function nameShaped(label: string): boolean {
  const words = label.trim().split(/\s+/u);
  if (words.length === 1 && NOTICE.test(words[0]!)) return false;
  return words.every((word) => /^\p{Lu}/u.test(word) || NAME_PARTICLE.test(word));
}

/**
 * Who said a memory (its `context.speaker`, else the "Name:" label a transcript line starts with)
 * and what was said without the label; speaker null when neither names one.
 *
 * @example
 * speakerOf({ content: 'Caroline: I went to a support group.', context: {} }) // { speaker: 'Caroline', text: 'I went to a support group.' }
 */
export function speakerOf(memory: { content: string; context: Record<string, unknown> }): { speaker: string | null; text: string } {
  const found = SPEAKER_LABEL.exec(memory.content);
  const label = found && nameShaped(found[1]!) ? found : null;
  const fromContext = typeof memory.context.speaker === 'string' ? memory.context.speaker : null;
  return { speaker: fromContext ?? label?.[1]?.trim() ?? null, text: label ? memory.content.slice(label[0].length) : memory.content };
}
