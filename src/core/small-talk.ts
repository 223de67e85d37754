// Greetings, thanks and acknowledgements carry nothing worth keeping, whatever the type's base weight.
const SMALL_TALK_WORDS = new Set(
  'hi hello hey yo morning evening afternoon night good gm gn thanks thank you thx ty ok okay k kk cool nice great lol haha hahaha lmao sure yep yeah yes no nope bye cya see later how are was your you doing fine well np welcome cheers awesome sounds user assistant to it is so glad happy hear from again too long time talk soon catch up meet chat wonderful lovely see take care sweet'.split(' '),
);

/**
 * True for a short message made only of small-talk words ("good morning! how was your night?", "lol ok").
 *
 * @example
 * isSmallTalk('User: lol ok') // true
 */
export function isSmallTalk(content: string): boolean {
  const words = content.toLowerCase().match(/[a-z']+/g) ?? [];
  return words.length > 0 && words.length <= 8 && words.every((word) => SMALL_TALK_WORDS.has(word));
}
