import type { ContentSignals } from '../spec/content-signals.ts';

// Lexicons are deliberately small and readable: they are the offline path's
// whole judgement, so a person must be able to audit them.
const PATTERNS: Record<keyof ContentSignals, RegExp> = {
  explicitRemember: /\b(remember (this|that)|don'?t forget|do not forget|keep in mind|make a note|note to self|never forget)\b/i,
  emotional:
    /\b(afraid|scared|anxious|anxiety|worried|lonely|depressed|grief|grieving|heartbroken|ashamed|embarrassed|overwhelmed|stressed|cried|crying|hurt|love|loved|hate|hated|miss (him|her|them|you)|passed away|died|vulnerable|terrified|panic|thrilled|devastated|proud of)\b/i,
  preference:
    /\b(i (really )?(like|love|enjoy|prefer|adore|hate|dislike|can'?t stand|detest)|my favou?rite|i'?m (a big )?fan of|i would rather|i'?d rather|not a fan of)\b/i,
  identity:
    /\b(my name is|i am an? |i'?m an? (?!bit\b|little\b)|i live in|i moved to|i work (as|at|for)|i was born|i grew up|i'?m from|my (wife|husband|partner|son|daughter|kids?|mom|mother|dad|father|sister|brother)\b)/i,
  decision:
    /\b(we decided|i decided|decided to|let'?s (go with|use)|i'?ll go with|we'?ll go with|we chose|i chose|going forward we|the plan is|we agreed|settled on)\b/i,
  projectWork:
    /\b(project|deadline|release|deploy(ment)?|sprint|client|customer|roadmap|milestone|repo(sitory)?|pull request|code review|migration|production|launch|meeting|ticket|backlog)\b/i,
  passingMention: /\b(by the way|btw|oh and|random thought|just saw|anyway|fwiw|side note)\b/i,
  absolute: /\b(never|always|absolutely|at all|every single|under no circumstances|completely|totally|forever)\b|\b[A-Z]{3,}\b/,
  consequence:
    /\b(nightmare|disaster|broke|broken|lost|cost (us|me)|ruined|crashed|outage|burned|wasted|failed|catastroph\w*|regret)\b/i,
};

/**
 * Reads the offline signals out of a text.
 *
 * @example
 * detectContentSignals('Remember this: I hate Redux').explicitRemember // true
 */
export function detectContentSignals(text: string): ContentSignals {
  const signals = {} as ContentSignals;
  for (const key of Object.keys(PATTERNS) as (keyof ContentSignals)[]) {
    signals[key] = PATTERNS[key].test(text);
  }
  return signals;
}
