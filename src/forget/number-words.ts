/**
 * Numbers said in words ("the PIN one three five seven", "the five thousand euro bonus", "number seven
 * Birch Lane") are the digits a memory holds ("1357", "5,000", "7 Birch Lane"): written as digits they
 * become decisive, as a number typed in a description is. On scenarios 89–101, written before this, each
 * such request was only a candidate.
 */
const UNITS: Readonly<Record<string, number>> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const TEENS: Readonly<Record<string, number>> = { ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 };
const TENS: Readonly<Record<string, number>> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALES: Readonly<Record<string, number>> = { hundred: 100, thousand: 1000, million: 1_000_000 };

const NUMBER_WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(TEENS), ...Object.keys(TENS), ...Object.keys(SCALES)].join('|')})`;
/** A run of number words, joined by spaces, hyphens or "and" ("two hundred and ninety", "twenty-five"). */
const RUN = new RegExp(`(?<![\\p{L}\\p{N}])${NUMBER_WORD}(?:(?:\\s+and\\s+|[\\s-]+)${NUMBER_WORD})*(?![\\p{L}\\p{N}])`, 'giu');
/**
 * A single number word is a number only after a word that counts or labels ("number seven", "type one",
 * "seat four"): elsewhere "one" is a pronoun ("the one about my salary") and "two kids" names no digit a
 * memory must hold.
 */
const LABEL_BEFORE = /(?:^|[^\p{L}])(?:number|no\.?|type|room|seat|coach|gate|platform|floor|level|bus|line|flat|apartment|house|code|pin)\s+$/iu;

/** The value of a run of number words: digit by digit when all are digits ("one three five seven"), else as counted ("five thousand"). */
function valueOf(words: string[]): string {
  if (words.length >= 2 && words.every((word) => word in UNITS)) return words.map((word) => UNITS[word]).join('');
  let total = 0;
  let current = 0;
  for (const word of words) {
    if (word in SCALES) {
      const scale = SCALES[word]!;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    } else current += UNITS[word] ?? TEENS[word] ?? TENS[word] ?? 0;
  }
  return String(total + current);
}

const MONTHS: Readonly<Record<string, string>> = { jan: 'January', feb: 'February', mar: 'March', apr: 'April', jun: 'June', jul: 'July', aug: 'August', sep: 'September', sept: 'September', oct: 'October', nov: 'November', dec: 'December' };

/**
 * How people shorten numbers and dates when they type: "the 12k debt" is the "12,000 euros" of the memory,
 * "on the 21st" its "21 June", "the 3 Feb operation" its "3 February". Read as typed, each was a name or
 * number no memory holds, and a name or number is decisive: nothing was even offered (scenarios 122–131,
 * written before round 7). A month's short form counts when written with its capital or beside a number
 * ("mar" alone is a word).
 */
function writtenShort(text: string): string {
  return text
    .replace(/(?<![\p{L}\p{N}.,])(\d+(?:\.\d+)?)k(?![\p{L}\p{N}])/giu, (_, amount: string) => String(Math.round(Number(amount) * 1000)))
    .replace(/(?<![\p{L}\p{N}])(\d+)(?:st|nd|rd|th)(?![\p{L}\p{N}])/giu, '$1')
    .replace(/(?<![\p{L}\p{N}])(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?(?![\p{L}\p{N}])/giu, (word: string, short: string, offset: number, whole: string) => {
      const besideNumber = /\d\s*$/u.test(whole.slice(0, offset)) || /^\.?\s*\d/u.test(whole.slice(offset + word.length));
      return /^\p{Lu}/u.test(short) || besideNumber ? MONTHS[short.toLowerCase()]! : word;
    });
}

/**
 * The text with each run of two or more number words, or a single one after a labelling word, written in digits.
 *
 * @example
 * digitsForWords('the PIN one three five seven') // 'the PIN 1357'
 * digitsForWords('the one about my two kids') // unchanged
 */
export function digitsForWords(text: string): string {
  const short = writtenShort(text);
  return short.replace(RUN, (run, offset: number) => {
    const words = run.toLowerCase().split(/(?:\s+and\s+|[\s-]+)/u);
    if (words.length < 2 && !LABEL_BEFORE.test(short.slice(0, offset))) return run;
    return valueOf(words);
  });
}

/**
 * The digit a single number word of a stored sentence stands for ("two" → "2"), "one" aside (a pronoun as
 * often as a number: "the one on the left"). A memory saying "sober for two years" is what "my 2 years
 * sober" names (scenarios 102–106: the number was decisive, and no memory held it as a digit).
 */
export function digitOfWord(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (lower === 'one') return undefined;
  const value = UNITS[lower] ?? TEENS[lower] ?? TENS[lower];
  return value === undefined ? undefined : String(value);
}

/** A stored sentence with each single number word but "one" written as its digit: what a number in a description is looked for in. */
export function digitsForNumberWords(text: string): string {
  return text.replace(/[\p{L}]+/gu, (word) => digitOfWord(word) ?? word);
}
