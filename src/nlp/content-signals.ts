import type { ContentSignals } from '../spec/content-signals.ts';

// Lexicons are deliberately small and readable: they are the offline path's
// whole judgement, so a person must be able to audit them. Each pattern is
// matched against the text with curly apostrophes straightened.
const PATTERNS: Record<keyof ContentSignals, RegExp> = {
  // "I remember when ..." and "remember that time ..." recall the past; they
  // do not ask to keep anything.
  explicitRemember:
    /(?:^|[^\w'])(?<!\b(?:i|we|you|do|don't|can't|cannot) )(remember (this|that)(?! (time|day|night|trip|one|guy|girl|place|song|movie)\b)|please remember|remember:|don'?t forget|do not forget|keep in mind|make a note|take note|note to self|never forget|for future reference|for the record)\b/i,
  emotional:
    /\b(afraid|scared|anxious|anxiety|worried|lonely|depressed|grief|grieving|heartbroken|ashamed|embarrassed|overwhelmed|stressed|cry|cried|crying|hurt|love|loved|hate|hated|miss (him|her|them|you)|passed away|died|vulnerable|terrified|panic|thrilled|devastated|proud of|furious|angry|upset|frustrat\w*|excited|miserable|adore|ecstatic|exhausted|burn(ed|t) out)\b/i,
  preference:
    /\b(i (really |absolutely |truly |kind of |kinda |sort of |actually |still )?(like|love|enjoy|prefer|adore|hate|dislike|can'?t stand|detest|loathe)|i (don'?t|do not|never) (really )?(like|enjoy|want to (use|eat|touch|see|try|work with|deal with))|my favou?rite|i'?m (a big |a huge |not a |no )?fan of|i would rather|i'?d rather|not a fan of|i'?m (sick|tired) of|never again)\b/i,
  identity:
    /\b(my name is|call me [A-Z]|i am an? (?!bit\b|little\b|fan\b|big fan\b)|i'?m an? (?!bit\b|little\b|fan\b|big fan\b|huge fan\b)|i (actually |just |recently |finally |now )?(live in|moved to|relocated to)|i work (as|at|for)|i was born|i grew up|i'?m from|i'?m \d{1,3}( years old)?\b|(i'?m|i am|i'?ve been|i have been) (vegan|vegetarian|married|single|divorced|engaged|pregnant|retired|allergic|diabetic|religious|atheist|christian|muslim|jewish|hindu|buddhist|gay|straight|bi|trans)\b|i'?ve been an? |my pronouns|my (wife|husband|partner|boyfriend|girlfriend|son|daughter|kids?|children|mom|mother|dad|father|sister|brother|dog|cat)\b)/i,
  decision:
    /\b(we decided|i decided|decided to|let'?s (go with|use|stick with)|i'?ll go with|we'?ll go with|we'?re going with|we chose|i chose|we picked|going forward we|the plan is|we agreed|settled on|we'?re switching to|we switched to|from now on)\b/i,
  projectWork:
    /\b(project|deadline|release|deploy(ment)?|sprint|client|customer|roadmap|milestone|repo(sitory)?|pull request|code review|migration|production|launch|meeting|ticket|backlog|standup|stakeholder)\b/i,
  passingMention: /(^|\b)(by the way|btw|oh and|oh,? also|random thought|just saw|anyway|fwiw|side note|incidentally|unrelated,?|p\.?s\.?)\b/i,
  absolute:
    /\b(never|always|absolutely|at all|every single|under no circumstances|completely|totally|forever|ever again|no way|not ever|nothing|everything|100%)(?=\W|$)/i,
  consequence:
    /\b(nightmare|disaster|broke|broken|lost|cost (us|me)|ruined|crashed|outage|burned|wasted|failed|catastroph\w*|regret|downtime|data loss|took down|got fired|got sick|hospital)\b/i,
};

// An ALL-CAPS word shouts ("I NEVER want ..."), but "AWS", "SQL" and "NASA"
// are just names. A capitalised word counts as shouting when it is an ordinary
// word people stress, or too long to be a typical acronym.
const STRESSED_WORDS = new Set([
  'never', 'always', 'hate', 'love', 'not', 'no', 'must', 'really', 'so', 'very', 'all', 'every', 'ever', 'nothing',
  'anything', 'worst', 'best', 'stop', 'dont', 'need', 'please', 'important', 'seriously', 'again', 'want', 'do', 'does',
  'only', 'huge', 'awful', 'terrible', 'amazing', 'hated', 'loved', 'absolutely', 'totally', 'completely',
]);

/**
 * The words of a text written in capitals for emphasis (not acronyms). Exported
 * because intensity scores shouting on top of the absolute-language signal.
 *
 * @example
 * shoutedWords('I NEVER want to touch AWS again') // ['NEVER']
 */
export function shoutedWords(text: string): string[] {
  const words = text.match(/\b[A-Z][A-Z']+\b/g) ?? [];
  return words.filter((word) => {
    const plain = word.toLowerCase().replace(/'/g, '');
    return STRESSED_WORDS.has(plain) || plain.length >= 6;
  });
}

/**
 * Reads the offline signals out of a text.
 *
 * @example
 * detectContentSignals('Remember this: I hate Redux').explicitRemember // true
 */
export function detectContentSignals(text: string): ContentSignals {
  const straightened = text.replace(/[‘’]/g, "'");
  const signals = {} as ContentSignals;
  for (const key of Object.keys(PATTERNS) as (keyof ContentSignals)[]) {
    signals[key] = PATTERNS[key].test(straightened);
  }
  if (shoutedWords(straightened).length > 0) signals.absolute = true;
  return signals;
}
