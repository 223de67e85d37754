/**
 * The Universal Sentence Encoder lite tokenizer (a SentencePiece unigram model
 * decoded by Viterbi over a trie of pieces), ported from the one bundled in
 * @energetic-ai/embeddings (Apache-2.0, Google LLC 2019), which keeps it private
 * and loads tfjs with it. The ONNX runtime needs the token ids without tfjs.
 *
 * The port must give the same ids, quirks included, or the vectors drift: ties
 * go to the later split, a path of unknown pieces (score 0) counts as no path
 * yet, backtracking steps by the UTF-16 length of a piece, and runs of unknown
 * symbols collapse into one id 0. Only the cost changed: the trie is searched
 * from an offset instead of a copy of the remaining text per position, so a
 * long text no longer tokenizes in quadratic time.
 */

/** `[piece, log probability]` in id order, as vocab.json holds them. */
export type UseLiteVocabulary = ReadonlyArray<readonly [string, number]>;

/** The first ids are control symbols (unknown, <s>, </s>, …): never matched in text. */
const RESERVED_SYMBOLS = 6;
/** SentencePiece's word-boundary mark, which replaces every space. */
const SEPARATOR = '\u2581';
const UNKNOWN_ID = 0;

interface TrieNode {
  children: Map<string, TrieNode>;
  /** Set when a piece ends at this node. */
  piece: { id: number; score: number; length: number } | undefined;
}

interface Candidate {
  start: number;
  id: number;
  score: number;
}

export class UseLiteTokenizer {
  private readonly root: TrieNode = { children: new Map(), piece: undefined };
  private readonly vocabulary: UseLiteVocabulary;

  constructor(vocabulary: UseLiteVocabulary) {
    this.vocabulary = vocabulary;
    for (let id = RESERVED_SYMBOLS; id < vocabulary.length; id += 1) {
      const [text, score] = vocabulary[id]!;
      let node = this.root;
      const symbols = [...text];
      for (const symbol of symbols) {
        let child = node.children.get(symbol);
        if (child === undefined) {
          child = { children: new Map(), piece: undefined };
          node.children.set(symbol, child);
        }
        node = child;
      }
      if (symbols.length > 0) node.piece = { id, score, length: symbols.length };
    }
  }

  /** Token ids of one text; '' (after NFKC) gives none. */
  encode(input: string): number[] {
    const symbols = [...prepare(input)];
    // endsAt[end] lists every piece that ends there, by ascending start.
    const endsAt: Candidate[][] = Array.from({ length: symbols.length + 1 }, () => []);
    for (let start = 0; start < symbols.length; start += 1) {
      let found = false;
      let node = this.root.children.get(symbols[start]!);
      for (let offset = start; offset < symbols.length && node !== undefined; offset += 1) {
        if (node.piece !== undefined) {
          endsAt[start + node.piece.length]!.push({ start, id: node.piece.id, score: node.piece.score });
          found = true;
        }
        node = node.children.get(symbols[offset + 1]!);
      }
      if (!found) endsAt[start + 1]!.push({ start, id: UNKNOWN_ID, score: 0 });
    }

    const best = new Float64Array(symbols.length + 1);
    const words = new Int32Array(symbols.length + 1);
    for (let end = 0; end <= symbols.length; end += 1) {
      for (const candidate of endsAt[end]!) {
        const score = candidate.score + best[candidate.start]!;
        if (best[end] === 0 || score >= best[end]!) {
          best[end] = score;
          words[end] = candidate.id;
        }
      }
    }

    const reversed: number[] = [];
    for (let position = symbols.length; position > 0; position -= this.vocabulary[words[position]!]![0].length) {
      reversed.push(words[position]!);
    }
    const ids: number[] = [];
    let previousUnknown = false;
    for (const id of reversed) {
      if (!(previousUnknown && id === UNKNOWN_ID)) ids.push(id);
      previousUnknown = id === UNKNOWN_ID;
    }
    return ids.reverse();
  }
}

function prepare(text: string): string {
  const normalized = text.normalize('NFKC');
  return normalized.length > 0 ? SEPARATOR + normalized.replace(/ /g, SEPARATOR) : normalized;
}
