// English stop words: dropping them keeps BM25 on the words that carry meaning.
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves also ever get got go going gone let lets like make made many may might much must need one said say says see seem shall still thing things think take told way well went want wants yes yeah oh ok okay really really's i'm i've i'd i'll it's that's don't didn't doesn't isn't wasn't can't won't`.split(
    /\s+/,
  ),
);

/**
 * The words of a query worth searching for: lower-cased, punctuation dropped,
 * stop words and one-letter tokens removed, duplicates removed.
 *
 * @example
 * queryTerms('What did Caroline research?') // ['caroline', 'research']
 */
export function queryTerms(text: string): string[] {
  const tokens = text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? [];
  const terms = tokens.map((token) => token.replace(/['’]s$/, '').replace(/['’]/g, '')).filter((token) => token.length > 1 && !STOP_WORDS.has(token));
  return [...new Set(terms)];
}
