/**
 * The numbers a text states in digits, each as the value it names (digit groups joined: "84,000" is
 * "84000"; "5th" is "5"; "1.5k" is "1500"; "10 a.m." is "10"; "9.30" and "9:30" are "9:30"; "10:00" is
 * "10"; "v1.2" and "1.2.0" are "1.2"; a unit written onto it dropped: "5km" is "5"; codes kept whole:
 * "4471", "B12"), sorted. A time of day with am or pm is on the 24-hour clock: "9:30pm" is "21:30". Two statements whose numbers differ say different things however alike their
 * words: "My locker code is 9920" is not "My locker code is 4471" said again, though USE-lite puts them
 * at 0.96, inside its duplicate band.
 *
 * @example
 * statedNumbers('My flight to Rome is on March 9th at 10:30'); // ['10:30', '9']
 */
export function statedNumbers(text: string): string[] {
  return [...digitNumbers(text)].sort();
}

/**
 * True when two texts state the same numbers (none at all included): every number one writes in digits,
 * the other states too, in digits or in words ("I have 2 cats" and "I have two cats" state the same). A
 * number said only in words is not asked of the other text: "one" and "second" are as often no number.
 * Digit groups written apart, as a phone number is, are also the number they spell together: "555-1234"
 * is "5551234" said again, and "555-4321" is not.
 */
export function sameNumbers(left: string, right: string): boolean {
  const [a, b] = [numbersOf(left), numbersOf(right)];
  if (a.numbers.size === 0 && b.numbers.size === 0) return true;
  const [inA, inB] = [new Set([...a.numbers, ...a.apart.map((group) => group.joined), ...wordNumbers(left)]), new Set([...b.numbers, ...b.apart.map((group) => group.joined), ...wordNumbers(right)])];
  return statedIn(a, inB) && statedIn(b, inA);
}

/** Digit groups written apart ("555-1234", "(555) 123 4567"): the groups, and the number they spell together. */
interface WrittenApart {
  parts: string[];
  joined: string;
}

/** Every number of `side` is in `other`, or belongs to groups written apart whose joined number is. */
function statedIn(side: { numbers: Set<string>; apart: WrittenApart[] }, other: Set<string>): boolean {
  const together = new Set(side.apart.filter((group) => other.has(group.joined)).flatMap((group) => group.parts));
  return [...side.numbers].every((number) => other.has(number) || together.has(number));
}

/** Runs of letters and digits, joined by a comma, point or colon before a digit ("84,000", "9:30", "v1.2.0"). */
const RUN = /[\p{L}\p{N}]+(?:[,.:](?=\p{N})[\p{L}\p{N}]+)*/gu;

/**
 * The runs holding a digit, each from the word holding its first digit ("abc,5" is "5"). Matched as whole
 * runs: a pattern asking for a digit inside a run backtracked over every start in a long word without one,
 * quadratic (5.6 s for one comparison of a 40,000-letter memory, the watcher's duplicate check).
 */
function numberTokens(text: string): string[] {
  return (text.match(RUN) ?? []).flatMap((run) => {
    if (!/\p{N}/u.test(run)) return [];
    const separator = run.search(/[,.:]/u);
    return [separator === -1 || /\p{N}/u.test(run.slice(0, separator)) ? run : run.slice(separator + 1)];
  });
}

function digitNumbers(text: string): Set<string> {
  return numbersOf(text).numbers;
}

function numbersOf(text: string): { numbers: Set<string>; apart: WrittenApart[] } {
  const written = text
    .normalize('NFKC')
    .toLowerCase()
    // "half past 9" is "9:30", "a quarter to 10" is "9:45".
    .replace(/\b(half|quarter)\s+(past|after|to)\s+(\d{1,2})(?![\p{L}\p{N}]|[.:]\p{N})/gu, (whole, part: string, side: string, hour: string) => clockTime(Number(hour), part === 'half' ? 30 : 15, side === 'to') ?? whole)
    // "10 am", "10 a.m.", "10am" are one time.
    .replace(/(\p{N})\s*([ap])\.?m\.?(?![\p{L}\p{N}])/gu, '$1$2m')
    // "1.5 million" is "1500000" (as "1,500,000" is).
    .replace(/(?<![\p{L}\p{N}.,])(\d+(?:\.\d+)?)\s+(thousand|million|billion)(?![\p{L}])/gu, (_, number: string, scale: string) => String(Math.round(Number(number) * SCALES[scale]!)));
  return { numbers: new Set(numberTokens(written).map(canonical)), apart: writtenApart(written) };
}

/**
 * Digit groups separated by spaces, hyphens or parentheses, the way phone numbers are written: at least five
 * digits, every group after the first of two or more (so "7 5" or "12-3" is not one number). A group run into
 * letters or into a time or decimal ("9 30pm", "10 9:30") is not part of one. One pattern over the run, then
 * string checks: linear in the text.
 */
function writtenApart(written: string): WrittenApart[] {
  const found: WrittenApart[] = [];
  for (const match of written.matchAll(/\(?\d[\d\s()\-\u2010-\u2015]*/gu)) {
    // Trimmed by hand: /[^\d]+$/ rescans every gap between digits to the end of the run (quadratic).
    let end = match[0].length;
    while (end > 0 && !/\d/u.test(match[0][end - 1]!)) end -= 1;
    const run = match[0].slice(0, end);
    const [before, after, afterNext] = [written[match.index - 1] ?? ' ', written[match.index + run.length] ?? ' ', written[match.index + run.length + 1] ?? ' '];
    if (/[\p{L}\p{N}.,:]/u.test(before) || /\p{L}/u.test(after) || (/[.,:]/u.test(after) && /\p{N}/u.test(afterNext))) continue;
    const groups = run.match(/\d+/gu) ?? [];
    const digits = groups.join('');
    if (groups.length < 2 || digits.length < 5 || groups.slice(1).some((group) => group.length < 2)) continue;
    found.push({ parts: groups.map((group) => group.replace(/^0+(?=\d)/u, '')), joined: digits.replace(/^0+(?=\d)/u, '') });
  }
  return found;
}

/** A time of day as canonical() writes it: "9:30", "10" for 10:00; `before` counts back from the hour ("a quarter to ten"). */
function clockTime(hour: number, minutes: number, before: boolean): string | null {
  if (hour < 1 || hour > 12 || minutes <= 0 || minutes >= 60) return null;
  const [h, m] = before ? [hour === 1 ? 12 : hour - 1, 60 - minutes] : [hour, minutes];
  return `${h}:${String(m).padStart(2, '0')}`;
}

function canonical(token: string): string {
  let word = token.replace(/(?<=\p{N}),(?=\p{N}{3})/gu, '');
  // A version's "v" ("v1.2"); codes keep their letters ("B12", "A320").
  word = word.replace(/^v(?=\p{N})/u, '');
  const parts = /^(\p{L}*)([\p{N}.:]*\p{N})(\p{L}*)$/u.exec(word);
  // A code mixing letters and digits inside ("4x4", "mp3a2"): as written.
  if (parts === null) return word;
  const [, prefix, digits, suffix] = parts as unknown as [string, string, string, string];
  // "09" is "9" (a code's leading zeros too: the rule only keeps numbers it is sure differ apart).
  let number = digits.replace(/^0+(?=\d)/u, '');
  // A time: "9.30" is "9:30", and "10:00" is "10".
  if (/^\d{1,2}[.:]\d{2}$/u.test(number)) number = number.replace('.', ':').replace(/:00$/u, '');
  // A version: "1.2.0" is "1.2", "2.0.0" is "2".
  else if (/^\d+(?:\.\d+){2,}$/u.test(number)) number = number.replace(/(?:\.0+)+$/u, '');
  // A decimal: "2.50" is "2.5", "2.0" is "2".
  else if (/^\d+\.\d+$/u.test(number)) number = String(Number(number));
  if (suffix === 'k' && /^\d+(?:\.\d+)?$/u.test(number)) return `${prefix}${String(Math.round(Number(number) * 1000))}`;
  // A time of day on the 24-hour clock: "9:30pm" is "21:30", "10am" is "10", "12am" is "0".
  const clock = /^(\d{1,2})(?::(\d{2}))?$/u.exec(number);
  if ((suffix === 'am' || suffix === 'pm') && clock !== null && Number(clock[1]) >= 1 && Number(clock[1]) <= 12) {
    const hour = (Number(clock[1]) % 12) + (suffix === 'pm' ? 12 : 0);
    return `${prefix}${hour}${clock[2] === undefined ? '' : `:${clock[2]}`}`;
  }
  // Any other letters after the number are its unit or its ordinal ("5km", "5th").
  return `${prefix}${number}`;
}

const UNITS: Readonly<Record<string, number>> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const TEENS: Readonly<Record<string, number>> = { ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 };
const TENS: Readonly<Record<string, number>> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const ORDINALS: Readonly<Record<string, number>> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11, twelfth: 12,
  thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19, twentieth: 20, thirtieth: 30,
};
const SCALES: Readonly<Record<string, number>> = { hundred: 100, thousand: 1000, million: 1_000_000, billion: 1_000_000_000 };
/**
 * Words that name a number without being one, read only as what the other text may say in digits ("March 9" is
 * "2026-03-09"'s 3; "noon" is 12, "a dozen" 12): a word never makes two texts differ, so "may" read as 5 costs nothing.
 */
const NAMED: Readonly<Record<string, number>> = {
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  noon: 12, midday: 12, midnight: 0, dozen: 12, couple: 2, pair: 2,
};
const valueOfWord = (word: string) => UNITS[word] ?? TEENS[word] ?? TENS[word] ?? ORDINALS[word];

/**
 * The values a text says in number words, each run read as one number ("twenty-five" 25, "two hundred
 * and ninety" 290, "fifteen hundred" 1500, "thirty-first" 31) and each word alone too ("twenty five" also 20 and 5).
 */
function wordNumbers(text: string): Set<string> {
  const found = new Set<string>();
  const words = text.normalize('NFKC').toLowerCase().split(/[^\p{L}]+/u);
  let total = 0;
  let current: number | null = null;
  const close = () => {
    if (current !== null) found.add(String(total + current));
    total = 0;
    current = null;
  };
  // Digits said one by one ("one three five seven"): the code they spell too.
  let spelled = '';
  for (const word of words) {
    const unit = UNITS[word];
    if (unit !== undefined) spelled += String(unit);
    else if (word.length > 0) {
      if (spelled.length >= 2) found.add(spelled.replace(/^0+(?=\d)/u, ''));
      spelled = '';
    }
  }
  if (spelled.length >= 2) found.add(spelled.replace(/^0+(?=\d)/u, ''));
  for (const word of words) if (NAMED[word] !== undefined) found.add(String(NAMED[word]));
  for (const time of wordTimes(words)) found.add(time);
  for (const word of words) {
    const value = valueOfWord(word);
    const scale = SCALES[word];
    if (value !== undefined) {
      found.add(String(value));
      current = (current ?? 0) + value;
    } else if (scale !== undefined && current !== null) {
      if (scale === 100) current *= 100;
      else {
        total += current * scale;
        current = 0;
      }
    } else if (word !== 'and' || current === null) close();
  }
  close();
  return found;
}

const hourOf = (word: string | undefined) => {
  const value = word === undefined ? undefined : (UNITS[word] ?? TEENS[word]);
  return value !== undefined && value >= 1 && value <= 12 ? value : undefined;
};

/** Minutes said in words from `at` ("thirty", "forty five", "twenty-five"): the value and the words read. */
function minutesAt(words: readonly string[], at: number): { value: number; length: number } | null {
  const [first, second] = [words[at] ?? '', words[at + 1] ?? ''];
  if (first === 'half') return { value: 30, length: 1 };
  if (first === 'quarter') return { value: 15, length: 1 };
  const tens = TENS[first];
  if (tens !== undefined && tens < 60) return UNITS[second] !== undefined && UNITS[second]! > 0 ? { value: tens + UNITS[second]!, length: 2 } : { value: tens, length: 1 };
  const single = TEENS[first] ?? UNITS[first];
  return single !== undefined && single > 0 ? { value: single, length: 1 } : null;
}

// Words after a time that put it after noon ("half past nine in the evening" is 21:30).
const AFTER_NOON = /^(?:pm|p m|in the (?:evening|afternoon)|at night|tonight)\b/u;

/**
 * Times of day said in words: "half past nine" and "nine thirty" are 9:30, "a quarter to ten" 9:45, "twenty
 * past nine" 9:20, each also after noon when "pm" or "in the evening" follows. Read only as what the other
 * text may say in digits, as every number word is.
 */
function wordTimes(words: readonly string[]): string[] {
  const times: string[] = [];
  const add = (time: string | null, next: number) => {
    if (time === null) return;
    times.push(time);
    if (AFTER_NOON.test(words.slice(next, next + 3).join(' '))) {
      const [hour, minutes] = time.split(':') as [string, string | undefined];
      times.push(`${(Number(hour) % 12) + 12}${minutes === undefined ? '' : `:${minutes}`}`);
    }
  };
  for (let at = 0; at < words.length; at += 1) {
    const minutes = minutesAt(words, at);
    // "half past nine", "twenty minutes to ten"
    if (minutes !== null && minutes.value < 60) {
      let next = at + minutes.length;
      if (words[next] === 'minutes') next += 1;
      const side = words[next];
      const hour = hourOf(words[next + 1]);
      if ((side === 'past' || side === 'after' || side === 'to') && hour !== undefined && minutes.value < 30 + (side === 'to' ? 0 : 1)) add(clockTime(hour, minutes.value, side === 'to'), next + 2);
    }
    // "nine thirty", "ten forty five"
    const hour = hourOf(words[at]);
    const after = minutesAt(words, at + 1);
    if (hour !== undefined && after !== null && after.value >= 10 && words[at + 1] !== 'half' && words[at + 1] !== 'quarter') add(clockTime(hour, after.value, false), at + 1 + after.length);
  }
  return times;
}

