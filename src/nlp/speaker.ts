// "Caroline: I went to ..." — a transcript line names its speaker first; the
// label hides the name from the recognisers and is not part of what was said.
const SPEAKER_LABEL = /^\s*([\p{Lu}][\p{L}\p{N} .'-]{0,40}):\s+/u;

/**
 * Who said a memory (its `context.speaker`, else the "Name:" label a transcript line starts with)
 * and what was said without the label; speaker null when neither names one.
 *
 * @example
 * speakerOf({ content: 'Caroline: I went to a support group.', context: {} }) // { speaker: 'Caroline', text: 'I went to a support group.' }
 */
export function speakerOf(memory: { content: string; context: Record<string, unknown> }): { speaker: string | null; text: string } {
  const label = SPEAKER_LABEL.exec(memory.content);
  const fromContext = typeof memory.context.speaker === 'string' ? memory.context.speaker : null;
  return { speaker: fromContext ?? label?.[1]?.trim() ?? null, text: label ? memory.content.slice(label[0].length) : memory.content };
}
