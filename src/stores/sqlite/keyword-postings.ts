import type Database from 'better-sqlite3';
import { FtsTokenizer, type TextTokens } from './fts-tokenizer.ts';
import { keywordChangesSince, readKeywordLogState } from './keyword-change-log.ts';
import { ProvisionalChanges } from './provisional-changes.ts';
import type { PostingsSnapshot } from './postings-snapshot.ts';
import { grow } from './typed-arrays.ts';
import { preparedOnce } from './statement-cache.ts';

// Why postings in memory: FTS5's bm25() costs a few microseconds per matching
// row (reading its size, decoding its positions), so a word in every eighth of
// 100k memories costs ~15 ms a query. The same BM25 over typed arrays costs a
// few nanoseconds per match. SQLite stays the source of truth: the postings are
// a cache of the FTS5 index, read from its `instance` vocabulary and kept in
// step by replaying memory_keyword_changes, and scores equal bm25()'s.

/** Query words whose tokens are kept between searches. */
const MAX_CACHED_QUERY_WORDS = 10_000;

/** FTS5's bm25() constants. */
const K1 = 1.2;
const B = 0.75;

/** The memories holding one token, with how often each holds it in its own text and in its neighbours' text. */
class TermPostings {
  readonly term: string;
  seqs: Int32Array = new Int32Array(4);
  counts: Uint16Array = new Uint16Array(4);
  neighbourCounts: Uint16Array = new Uint16Array(4);
  length = 0;
  /**
   * Whether `seqs` rise: a snapshot's lists do (FTS5 gives them by memory), new memories come at higher
   * seqs, and removing keeps the order; only a memory edited or relinked goes back in at the end.
   * While true, a search among the newest memories starts at the first of them (`firstAfter`).
   */
  ascending = true;
  /**
   * The greatest `f / (f + baseWeight + lengthWeight * (length - 1))` of the first `through` entries, at the
   * neighbour weight and length weight it was taken at (`boundOf`): a memory's share of this word's BM25 over
   * its IDF weight can be no more, whatever the average length since (scaled there). Entries removed since
   * leave it a bound still (it only falls); the entries past `through` are read at the next search.
   */
  bound = { neighbourWeight: Number.NaN, lengthWeight: 0, most: 0, through: 0 };
  /**
   * Where a memory's entry is without stepping through the list (`indexOf`), for a long list that rises: a
   * bit a seq, and how many entries lie below each 32 seqs (right for the first `#ranksThrough`). Null
   * until a search asks, and again once the list no longer rises.
   */
  #bits: Int32Array | null = null;
  #ranks = new Int32Array(0);
  #ranksThrough = 0;

  constructor(term: string) {
    this.term = term;
  }

  /** Postings over existing arrays (views into a snapshot); the first add past their end copies them out. */
  static over(term: string, seqs: Int32Array, counts: Uint16Array, neighbourCounts: Uint16Array): TermPostings {
    const postings = new TermPostings(term);
    postings.seqs = seqs;
    postings.counts = counts;
    postings.neighbourCounts = neighbourCounts;
    postings.length = seqs.length;
    for (let index = 1; index < seqs.length && postings.ascending; index += 1) postings.ascending = seqs[index - 1]! < seqs[index]!;
    return postings;
  }

  add(seq: number, count: number, neighbourCount: number): void {
    if (this.length === this.seqs.length) {
      this.seqs = grow((size) => new Int32Array(size), this.seqs, Math.max(4, this.length * 2));
      this.counts = grow((size) => new Uint16Array(size), this.counts, Math.max(4, this.length * 2));
      this.neighbourCounts = grow((size) => new Uint16Array(size), this.neighbourCounts, Math.max(4, this.length * 2));
    }
    if (this.length > 0 && seq <= this.seqs[this.length - 1]!) {
      this.ascending = false;
      this.#bits = null;
    }
    if (this.#bits !== null) this.#mark(seq, true);
    this.seqs[this.length] = seq;
    this.counts[this.length] = Math.min(count, 0xffff);
    this.neighbourCounts[this.length] = Math.min(neighbourCount, 0xffff);
    this.length += 1;
  }

  /** The index of the first entry whose seq may be above `seq`: found by bisection while the seqs rise, else 0. */
  firstAfter(seq: number): number {
    if (!this.ascending) return 0;
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.seqs[middle]! <= seq) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Drops the entries of the memories flagged (non-zero at their seq), keeping the others in place; none
   * of them is below `lowestSeq`. While the seqs rise the search for the first starts there (by
   * bisection): a memory leaving the short-term ring is among the newest, at the end of its lists, and
   * each write made every reader walk each of its word's lists up to it (a third of the memories for a
   * common word).
   */
  remove(flagged: Uint8Array, lowestSeq: number): void {
    const { seqs, length } = this;
    let index = this.firstAfter(lowestSeq - 1);
    while (index < length && flagged[seqs[index]!] === 0) index += 1;
    if (index === length) return; // most lists hold none of them: read, never written
    // Entries from here move down: the bound's reach ends before them (what it covered stays a bound).
    this.bound.through = Math.min(this.bound.through, index);
    let kept = index;
    for (; index < length; index += 1) {
      if (flagged[seqs[index]!] !== 0) {
        if (this.#bits !== null) this.#mark(seqs[index]!, false);
        continue;
      }
      seqs[kept] = seqs[index]!;
      this.counts[kept] = this.counts[index]!;
      this.neighbourCounts[kept] = this.neighbourCounts[index]!;
      kept += 1;
    }
    this.length = kept;
  }

  /** The index of the entry of `seq`, -1 when the list does not hold it; only while the list rises. */
  indexOf(seq: number): number {
    const bits = this.#bitsNow();
    const word = seq >> 5;
    if (word >= bits.length) return -1;
    const bit = 1 << (seq & 31);
    if ((bits[word]! & bit) === 0) return -1;
    const ranks = this.#ranks;
    for (let at = Math.max(1, this.#ranksThrough); at <= word; at += 1) ranks[at] = ranks[at - 1]! + bitCount(bits[at - 1]!);
    if (word >= this.#ranksThrough) this.#ranksThrough = word + 1;
    return ranks[word]! + bitCount(bits[word]! & (bit - 1));
  }

  /** Whether the list holds `seq`, by its bits; only while the list rises. */
  holds(seq: number): boolean {
    const bits = this.#bitsNow();
    const word = seq >> 5;
    return word < bits.length && (bits[word]! & (1 << (seq & 31))) !== 0;
  }

  /** The bits, set from the entries the first time they are asked for. */
  #bitsNow(): Int32Array {
    if (this.#bits === null) {
      this.#bits = new Int32Array(this.length === 0 ? 1 : (this.seqs[this.length - 1]! >> 5) + 1);
      this.#ranks = new Int32Array(this.#bits.length);
      this.#ranksThrough = 0;
      for (let index = 0; index < this.length; index += 1) this.#bits[this.seqs[index]! >> 5]! |= 1 << (this.seqs[index]! & 31);
    }
    return this.#bits;
  }

  /** Sets or clears the bit of `seq`; the ranks above it are counted again when next asked. */
  #mark(seq: number, held: boolean): void {
    const word = seq >> 5;
    if (word >= this.#bits!.length) {
      if (!held) return;
      const size = Math.max(word + 1, this.#bits!.length * 2);
      this.#bits = grow((length) => new Int32Array(length), this.#bits!, size);
      this.#ranks = grow((length) => new Int32Array(length), this.#ranks, size);
    }
    if (held) this.#bits![word]! |= 1 << (seq & 31);
    else this.#bits![word]! &= ~(1 << (seq & 31));
    this.#ranksThrough = Math.min(this.#ranksThrough, word + 1);
  }
}

/** The bits set in a 32-bit word. */
function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  bits = (bits + (bits >>> 4)) & 0x0f0f0f0f;
  return Math.imul(bits, 0x01010101) >>> 24;
}

/** A ranked row: the memory's seq and its BM25 score (higher is better, the negated bm25()). */
export interface PostingHit {
  seq: number;
  score: number;
}

/**
 * BM25 over an agent's FTS5 index, answered from memory. Make it from a
 * snapshot of the index, call `catchUp` before each search (it replays what
 * other writers changed), and `search` with unquoted words.
 */
export class KeywordPostings {
  readonly #db: Database.Database;
  readonly #tokenizer: FtsTokenizer;
  readonly #terms = new Map<string, TermPostings>();
  /**
   * The lists each memory of the snapshot is in (seq -> indexes into #snapshotLists, CSR), and of each
   * memory added or changed since (#listsAdded, which wins): a change removes a memory from its own
   * lists only. Scanning every list for it cost ~8 ms a write at 72k memories (100k+ distinct words),
   * paid by the next search; this costs 4 bytes a posting.
   */
  #snapshotLists: TermPostings[] = [];
  #forwardOffsets = new Int32Array(1);
  #forwardLists = new Int32Array(0);
  readonly #listsAdded = new Map<number, TermPostings[]>();
  #flagged = new Uint8Array(1024);
  /** Token count + 1 of each memory by seq; 0 for a seq not in the index. */
  #lengths = new Uint32Array(1024);
  #rows = 0;
  #tokens = 0;
  /** The highest seq ever given a length: the newest memories are at or below it. */
  #highestSeq = 0;
  /** Bumped by every change of a memory's length (in or out of the index): keys `#floor`. */
  #version = 0;
  #floor = { version: -1, window: 0, seq: 0 };
  #change: number;
  readonly #provisional: ProvisionalChanges;
  /** Tokens of query words, by word. */
  readonly #queryTokens = new Map<string, string[]>();
  #scores = new Float64Array(1024);
  #touched = new Int32Array(1024);

  private constructor(db: Database.Database, change: number) {
    this.#db = db;
    this.#tokenizer = new FtsTokenizer(db);
    this.#change = change;
    this.#provisional = new ProvisionalChanges(db);
  }

  /** Postings from a snapshot of the index (`buildPostingsSnapshot` reads one in a worker). */
  static fromSnapshot(db: Database.Database, snapshot: PostingsSnapshot): KeywordPostings {
    const postings = new KeywordPostings(db, snapshot.change);
    snapshot.terms.forEach((term, index) => {
      const start = snapshot.offsets[index]!;
      const end = snapshot.offsets[index + 1]!;
      const list = TermPostings.over(term, snapshot.seqs.subarray(start, end), snapshot.counts.subarray(start, end), snapshot.neighbourCounts.subarray(start, end));
      postings.#terms.set(term, list);
      postings.#snapshotLists.push(list);
    });
    snapshot.docSeqs.forEach((seq, index) => postings.#setLength(seq, snapshot.docLengths[index]!));
    postings.#indexSnapshotForward(snapshot);
    return postings;
  }

  /** The forward index of a snapshot: for each seq, the indexes of the terms it holds. */
  #indexSnapshotForward(snapshot: PostingsSnapshot): void {
    let maxSeq = 0;
    for (const seq of snapshot.seqs) if (seq > maxSeq) maxSeq = seq;
    const offsets = new Int32Array(maxSeq + 2);
    for (const seq of snapshot.seqs) offsets[seq + 1]! += 1;
    for (let seq = 1; seq < offsets.length; seq += 1) offsets[seq]! += offsets[seq - 1]!;
    const next = offsets.slice(0, -1);
    const lists = new Int32Array(snapshot.seqs.length);
    for (let term = 0; term < snapshot.terms.length; term += 1) {
      for (let index = snapshot.offsets[term]!; index < snapshot.offsets[term + 1]!; index += 1) lists[next[snapshot.seqs[index]!]!++] = term;
    }
    this.#forwardOffsets = offsets;
    this.#forwardLists = lists;
  }

  /** The lists a memory is in now. */
  #listsOf(seq: number): TermPostings[] {
    const added = this.#listsAdded.get(seq);
    if (added !== undefined) return added;
    if (seq + 1 >= this.#forwardOffsets.length) return [];
    const lists: TermPostings[] = [];
    for (let index = this.#forwardOffsets[seq]!; index < this.#forwardOffsets[seq + 1]!; index += 1) lists.push(this.#snapshotLists[this.#forwardLists[index]!]!);
    return lists;
  }

  /** Distinct words held by at least one memory (what the postings keep in memory). */
  get termCount(): number {
    return this.#terms.size;
  }

  /**
   * Replays the changes committed since the postings last looked (inside a transaction, its own too, read
   * again once it has ended: `ProvisionalChanges`). False when the log no longer holds them (pruned): the
   * postings are stale and must be rebuilt.
   */
  catchUp(): boolean {
    const settled = this.#provisional.settle();
    if (settled !== null) this.#change = settled.from;
    const { head, prunedThrough } = readKeywordLogState(this.#db);
    if (head === this.#change && settled === null) return true;
    if (prunedThrough > this.#change) return false;
    const { seqs: logged, head: read } = keywordChangesSince(this.#db, this.#change);
    this.#provisional.note(this.#change, logged);
    const seqs = settled === null ? logged : [...new Set([...logged, ...settled.seqs])];
    const changed = new Set(seqs.filter((seq) => this.#lengthOf(seq) !== null));
    if (changed.size > 0) {
      // A word no memory holds any more leaves the map: an agent whose memories come and go (a name,
      // a number, a date in each) would otherwise keep every word it ever saw (the soak's heap grew by
      // ~1 MB a minute over 120k writes and forgets at a steady 3,000 memories).
      if (this.#flagged.length < this.#lengths.length) this.#flagged = new Uint8Array(this.#lengths.length);
      const flagged = this.#flagged;
      const lists = new Set<TermPostings>();
      for (const seq of changed) {
        flagged[seq] = 1;
        for (const list of this.#listsOf(seq)) lists.add(list);
        // An empty entry hides the snapshot's lists of a seq; past the snapshot none is kept (memories that
        // come and go must not grow this map).
        if (seq + 1 < this.#forwardOffsets.length) this.#listsAdded.set(seq, []);
        else this.#listsAdded.delete(seq);
      }
      let lowestSeq = Number.POSITIVE_INFINITY;
      for (const seq of changed) lowestSeq = Math.min(lowestSeq, seq);
      for (const list of lists) {
        list.remove(flagged, lowestSeq);
        if (list.length === 0 && this.#terms.get(list.term) === list) this.#terms.delete(list.term);
      }
      for (const seq of changed) {
        flagged[seq] = 0;
        this.#setLength(seq, null);
      }
    }
    // Compiled once per connection (statement-cache.ts): a catch-up follows every write.
    const current = seqs.length === 0 ? [] : (preparedOnce(this.#db, 'SELECT seq, content, neighbour_text AS neighbourText FROM memories WHERE seq IN (SELECT value FROM json_each(?))').all(JSON.stringify(seqs)) as { seq: number; content: string; neighbourText: string }[]);
    // Both columns in one tokenizing (a transaction on FTS5's temporary table: fts-tokenizer.ts), none for a
    // catch-up of deletes only. A read worker catches up after every write: one remember's catch-up (a row in,
    // the short-term memory it evicted out) tokenized twice, 102-146 µs, against 67-77 µs in one call.
    const tokens = current.length === 0 ? null : this.#tokenizer.tokenize(current.flatMap(({ content, neighbourText }, index) => [{ key: 2 * index, text: content }, { key: 2 * index + 1, text: neighbourText }]));
    current.forEach(({ seq }, index) => this.#add(seq, tokens!.get(2 * index)!, tokens!.get(2 * index + 1)!));
    this.#change = read;
    return true;
  }

  /**
   * Exact BM25 (as FTS5's `bm25(memories_fts, 1, neighbourWeight)` over `"w1" OR "w2" …`) of the
   * memories holding any of the words in either column, best first, top `limit`. Null when a word is
   * more than one token (a phrase needs positions: ask FTS5).
   */
  search(words: readonly string[], limit: number, neighbourWeight: number): PostingHit[] | null {
    const phrases: TermPostings[] = [];
    for (const tokens of this.#tokensOf(words)) {
      if (tokens.length === 0) continue; // matches nothing, as its FTS5 phrase would
      if (tokens.length > 1) return null;
      const list = this.#terms.get(tokens[0]!);
      if (list !== undefined && list.length > 0) phrases.push(list);
    }
    if (phrases.length === 0 || this.#rows === 0) return [];
    const averageLength = this.#tokens / this.#rows;
    const scores = this.#scores;
    const lengths = this.#lengths;
    const lengthWeight = (K1 * B) / averageLength;
    const baseWeight = K1 * (1 - B);
    if (Number.isFinite(limit) && limit > 0 && phrases.length > 1 && phrases.every((list) => list.ascending)) {
      const pruned = this.#topPruned(phrases, limit, neighbourWeight, lengthWeight);
      if (pruned !== null) return pruned;
    }
    // Seqs scored so far, in a buffer kept between searches: a common word touches tens of thousands.
    // A posting of frequency 0 (a neighbour-only match at weight 0) adds nothing and is skipped: such a
    // memory is no match, so a score of 0 marks a seq not touched yet. A stamp array per seq told that
    // before, with the buffer's growth checked per posting: the http bench's unfiltered query (three
    // words in a third of 72k memories each) 2.0-2.9 ms -> 0.7-1.2 ms, fastest of 30 blocks.
    let touched = this.#touched;
    let touchedCount = 0;
    for (const list of phrases) {
      // bm25()'s IDF, floored as FTS5 floors it.
      const idf = Math.max(1e-6, Math.log((this.#rows - list.length + 0.5) / (list.length + 0.5)));
      const weight = idf * (K1 + 1);
      const { seqs, counts, neighbourCounts, length: count } = list;
      if (touchedCount + count > touched.length) touched = this.#touched = grow((size) => new Int32Array(size), touched, Math.max(touched.length * 2, touchedCount + count));
      for (let index = 0; index < count; index += 1) {
        // bm25() weighs each occurrence by its column's weight inside the saturation.
        const frequency = counts[index]! + neighbourWeight * neighbourCounts[index]!;
        if (frequency === 0) continue;
        const seq = seqs[index]!;
        const previous = scores[seq]!;
        if (previous === 0) touched[touchedCount++] = seq;
        // Stored lengths are token counts + 1.
        scores[seq] = previous + (weight * frequency) / (frequency + baseWeight + lengthWeight * (lengths[seq]! - 1));
      }
    }
    const seen = touched.subarray(0, touchedCount);
    const best = topByScore(seen, scores, limit);
    for (let index = 0; index < touchedCount; index += 1) scores[seen[index]!] = 0;
    return best;
  }

  /**
   * `search`'s top `limit` (the same memories, scores to the bit and order), memory by memory over lists that
   * rise, skipping what cannot reach it (MaxScore, Turtle and Flood 1995): each list's share of a score has a
   * bound (`boundOf`); once `limit` memories are held, a list whose bound and those of every weaker list sum
   * below the worst held score brings no memory in of its own — a memory holding only such words cannot
   * pass — and is only looked into for the memories the others bring, and not even then when the bounds
   * left say it cannot pass. At 100k memories the http bench's unfiltered query (three words, each in a
   * third of them) needs every one of its words for its top 50: one list is read and the other two are
   * looked into, where every posting of the three was scored and the 74k matches ranked.
   */
  #topPruned(phrases: TermPostings[], limit: number, neighbourWeight: number, lengthWeight: number): PostingHit[] | null {
    const lengths = this.#lengths;
    const baseWeight = K1 * (1 - B);
    const count = phrases.length;
    const weights = phrases.map((list) => Math.max(1e-6, Math.log((this.#rows - list.length + 0.5) / (list.length + 0.5))) * (K1 + 1));
    // By rank, weakest first; `reach[rank]`: the bounds of ranks 0..rank summed (a margin over rounding: it only prunes less).
    const bounds = phrases.map((list, position) => weights[position]! * this.#boundOf(list, neighbourWeight, lengthWeight) * (1 + 1e-9));
    const order = phrases.map((_, position) => position).sort((left, right) => bounds[left]! - bounds[right]!);
    const reach = new Float64Array(count);
    order.forEach((position, rank) => (reach[rank] = (rank === 0 ? 0 : reach[rank - 1]!) + bounds[position]!));
    const lists = order.map((position) => phrases[position]!);
    const weightOf = Float64Array.from(order, (position) => weights[position]!);
    // The score is added up in the words' order, as `search` adds it: the rank of each word.
    const rankOf = new Int32Array(count);
    order.forEach((position, rank) => (rankOf[position] = rank));
    const direct = Uint8Array.from(lists, (list) => (this.#keepsBits(list) ? 1 : 0));
    const cursors = new Int32Array(count);
    const shares = new Float64Array(count);
    const best = new TopHits(limit);
    // Until the strongest list alone can bring a memory in, every list does: memory by memory in seq order.
    // Given up (null: ranked whole) if that is not so within an eighth of the strongest list: no bound prunes.
    const strongest = count - 1;
    const patience = Math.max(4_096, lists[strongest]!.length >> 3);
    let essential = 0;
    for (let visited = 0; essential < strongest; visited += 1) {
      if (visited === patience) return null;
      let seq = Number.MAX_SAFE_INTEGER;
      for (let rank = 0; rank < count; rank += 1) if (cursors[rank]! < lists[rank]!.length && lists[rank]!.seqs[cursors[rank]!]! < seq) seq = lists[rank]!.seqs[cursors[rank]!]!;
      if (seq === Number.MAX_SAFE_INTEGER) return best.hits();
      // Added up as `search` adds it ((f + b) + l·x): the same bits.
      const lengthPart = lengthWeight * (lengths[seq]! - 1);
      for (let rank = 0; rank < count; rank += 1) {
        const list = lists[rank]!;
        const cursor = cursors[rank]!;
        shares[rank] = 0;
        if (cursor >= list.length || list.seqs[cursor] !== seq) continue;
        const frequency = list.counts[cursor]! + neighbourWeight * list.neighbourCounts[cursor]!;
        if (frequency !== 0) shares[rank] = (weightOf[rank]! * frequency) / (frequency + baseWeight + lengthPart);
        cursors[rank] = cursor + 1;
      }
      let score = 0;
      for (let position = 0; position < count; position += 1) score += shares[rankOf[position]!]!;
      if (score !== 0 && best.offer(seq, score)) while (essential < count && reach[essential]! < best.threshold) essential += 1;
    }
    // The strongest list alone brings memories in (a memory holding only weaker words cannot pass): read straight
    // through, the weaker ones looked into for its memories while they can still pass.
    strongestPass({ best, lists, direct, cursors, weights: weightOf, reach, rankOf, lengths, neighbourWeight, baseWeight, lengthWeight });
    return best.hits();
  }

  /**
   * Whether `list` is looked into by its bits (`TermPostings.indexOf`, `holds`): it holds one memory in 16 or
   * more. Its bits and counts take a quarter byte a seq, at most half of what its own entries take (8 bytes each).
   */
  #keepsBits(list: TermPostings): boolean {
    return list.length * 16 >= this.#highestSeq;
  }

  /**
   * The most a memory in `list` can add to a score over the list's IDF weight (see TermPostings.bound), at
   * this length weight: taken at one, it holds at any other with a factor — `(f + b + l₀x) / (f + b + lx)`
   * is at most max(1, l₀ / l) — so a write, which moves the average length, reads only what it added.
   */
  #boundOf(list: TermPostings, neighbourWeight: number, lengthWeight: number): number {
    const bound = list.bound;
    // Taken again at another neighbour weight, or once the average length has moved a twentieth (the factor loosens it).
    if (bound.neighbourWeight !== neighbourWeight || Math.abs(bound.lengthWeight / lengthWeight - 1) > 0.05) list.bound = { neighbourWeight, lengthWeight, most: 0, through: 0 };
    const kept = list.bound;
    const baseWeight = K1 * (1 - B);
    const lengths = this.#lengths;
    for (let index = kept.through; index < list.length; index += 1) {
      const frequency = list.counts[index]! + neighbourWeight * list.neighbourCounts[index]!;
      const share = frequency / (frequency + baseWeight + kept.lengthWeight * (lengths[list.seqs[index]!]! - 1));
      if (share > kept.most) kept.most = share;
    }
    kept.through = list.length;
    return kept.most * Math.max(1, kept.lengthWeight / lengthWeight);
  }

  /**
   * The seqs above `afterSeq` of the memories holding every word in either column (as FTS5's
   * `"w1" AND "w2" …` with `rowid > afterSeq`), in no order. Null when a word is not one token
   * (a phrase, or nothing): FTS5 answers those.
   */
  holdingAll(words: readonly string[], afterSeq: number): number[] | null {
    const lists: TermPostings[] = [];
    for (const tokens of this.#tokensOf(words)) {
      if (tokens.length !== 1) return null;
      const list = this.#terms.get(tokens[0]!);
      if (list === undefined || list.length === 0) return [];
      lists.push(list);
    }
    if (lists.length === 0) return null;
    lists.sort((left, right) => left.length - right.length);
    // The shortest list's memories past `afterSeq`, each looked up in the others' bits (kept for long lists
    // that rise, as `search`'s weaker lists): the others' entries past it are not walked.
    if (lists.every((list) => list.ascending) && lists.every((list, position) => position === 0 || this.#keepsBits(list))) {
      const [first, ...others] = lists;
      const found: number[] = [];
      for (let index = first!.firstAfter(afterSeq); index < first!.length; index += 1) {
        const seq = first!.seqs[index]!;
        let all = true;
        for (let other = 0; other < others.length && all; other += 1) all = others[other]!.holds(seq);
        if (all) found.push(seq);
      }
      return found;
    }
    // How many of the lists so far hold each seq, counted in the score buffer (zeroed after); only a
    // seq every earlier list held counts on, so the first list's seqs are all that need zeroing.
    // Each list is read from its first seq past `afterSeq` (the newest 10,000 of 100k memories: a
    // tenth of each common word's list, which was read whole — 7% of a search's CPU in process).
    const held = this.#scores;
    const first: number[] = [];
    lists.forEach((list, position) => {
      const { seqs, length } = list;
      for (let index = list.firstAfter(afterSeq); index < length; index += 1) {
        const seq = seqs[index]!;
        if (seq <= afterSeq) continue;
        if (position === 0) {
          held[seq] = 1;
          first.push(seq);
        } else if (held[seq] === position) held[seq] = position + 1;
      }
    });
    const all = first.filter((seq) => held[seq] === lists.length);
    for (const seq of first) held[seq] = 0;
    return [...new Set(all)];
  }

  /**
   * The seq above which the newest `window` memories of the index lie (below the lowest seq when there
   * are fewer), as `newestWindowFloor` reads it from SQL. Seqs run ahead of memories under churn (a write
   * into a full short-term ring inserts one and deletes the one it evicts), so `max(seq) - window` is not
   * it: after ~14,000 such writes it held 100 of a 100k agent's memories instead of 10,000. Walked down
   * from the newest seq over the lengths (tens of microseconds), kept until a memory comes or goes.
   */
  newestFloor(window: number): number {
    const floor = this.#floor;
    if (floor.version === this.#version && floor.window === window) return floor.seq;
    let seq = Number.MIN_SAFE_INTEGER;
    if (this.#rows > window) {
      const lengths = this.#lengths;
      let remaining = window;
      seq = Math.min(this.#highestSeq, lengths.length - 1);
      // The window-th memory from the top is the lowest inside; the floor is the next memory below it.
      for (; seq > 0; seq -= 1) if (lengths[seq] !== 0 && remaining-- === 0) break;
    }
    this.#floor = { version: this.#version, window, seq };
    return seq;
  }

  /**
   * Which of `seqs` hold `word` in either column (as FTS5's `(…) AND "word"` over them). Null when
   * the word is not one token (FTS5 answers those).
   */
  holdersAmong(word: string, seqs: readonly number[]): Set<number> | null {
    const [tokens] = this.#tokensOf([word]);
    if (tokens!.length !== 1) return null;
    const holders = new Set<number>();
    const list = this.#terms.get(tokens![0]!);
    if (list === undefined || list.length === 0 || seqs.length === 0) return holders;
    // Marked in the score buffer (zeroed after), so the list is read once whatever its length.
    const marks = this.#scores;
    for (const seq of seqs) if (seq < marks.length) marks[seq] = 1;
    const { seqs: listSeqs, length } = list;
    for (let index = 0; index < length; index += 1) {
      const seq = listSeqs[index]!;
      if (marks[seq] === 1) holders.add(seq);
    }
    for (const seq of seqs) if (seq < marks.length) marks[seq] = 0;
    return holders;
  }

  /** The tokens of each word, in order; words not seen before are tokenized together. */
  #tokensOf(words: readonly string[]): string[][] {
    let unseen = [...new Set(words.filter((word) => !this.#queryTokens.has(word)))];
    if (unseen.length > 0) {
      // A bounded cache (10,000 words): when full it starts over, and then every word of this query is
      // tokenized again. Clearing without that lost the words already seen, and a long-running server
      // crashed on its first query after the clear that mixed an old word with a new one (the soak found it).
      if (this.#queryTokens.size + unseen.length > MAX_CACHED_QUERY_WORDS) {
        this.#queryTokens.clear();
        unseen = [...new Set(words)];
      }
      const tokens = this.#tokenizer.tokenize(unseen.map((text, key) => ({ key, text })));
      unseen.forEach((word, key) => this.#queryTokens.set(word, [...tokens.get(key)!.counts.keys()]));
    }
    return words.map((word) => this.#queryTokens.get(word)!);
  }

  #add(seq: number, own: TextTokens, neighbours: TextTokens): void {
    const lists: TermPostings[] = [];
    for (const term of new Set([...own.counts.keys(), ...neighbours.counts.keys()])) {
      let list = this.#terms.get(term);
      if (list === undefined) this.#terms.set(term, (list = new TermPostings(term)));
      list.add(seq, own.counts.get(term) ?? 0, neighbours.counts.get(term) ?? 0);
      lists.push(list);
    }
    this.#listsAdded.set(seq, lists);
    this.#setLength(seq, own.length + neighbours.length);
  }

  #lengthOf(seq: number): number | null {
    const stored = seq < this.#lengths.length ? this.#lengths[seq]! : 0;
    return stored === 0 ? null : stored - 1;
  }

  /** Records a memory's token count (null: the memory left the index), keeping row and token totals. */
  #setLength(seq: number, length: number | null): void {
    if (seq >= this.#lengths.length) {
      const size = Math.max(seq + 1, this.#lengths.length * 2);
      this.#lengths = grow((length) => new Uint32Array(length), this.#lengths, size);
      this.#scores = grow((length) => new Float64Array(length), this.#scores, size);
    }
    this.#version += 1;
    if (length !== null && seq > this.#highestSeq) this.#highestSeq = seq;
    const previous = this.#lengthOf(seq);
    if (previous !== null) {
      this.#rows -= 1;
      this.#tokens -= previous;
    }
    this.#lengths[seq] = length === null ? 0 : length + 1;
    if (length !== null) {
      this.#rows += 1;
      this.#tokens += length;
    }
  }
}

/** The `limit` best seqs by score, best first (ties: lower seq first), without sorting them all. */
function topByScore(seqs: Int32Array, scores: Float64Array, limit: number): PostingHit[] {
  const better = (left: number, right: number) => scores[left]! > scores[right]! || (scores[left] === scores[right] && left < right);
  // A min-heap of the best so far: its root is the worst of them.
  const heap: number[] = [];
  const siftDown = (start: number) => {
    let index = start;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let worst = index;
      if (left < heap.length && better(heap[worst]!, heap[left]!)) worst = left;
      if (right < heap.length && better(heap[worst]!, heap[right]!)) worst = right;
      if (worst === index) return;
      [heap[index], heap[worst]] = [heap[worst]!, heap[index]!];
      index = worst;
    }
  };
  // An indexed loop: `for…of` over the typed array allocated an iterator result a match (~0.6 MB of a
  // 100k recall's ~1.5 MB, a young-generation collection every ~7 recalls instead of ~12).
  for (let index = 0; index < seqs.length; index += 1) {
    const seq = seqs[index]!;
    // Most matches score below the worst kept one: one comparison turns them away.
    if (heap.length === limit && limit > 0 && scores[seq]! < scores[heap[0]!]!) continue;
    if (heap.length < limit) {
      heap.push(seq);
      let index = heap.length - 1;
      while (index > 0) {
        const parent = (index - 1) >> 1;
        if (!better(heap[parent]!, heap[index]!)) break;
        [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
        index = parent;
      }
    } else if (limit > 0 && better(seq, heap[0]!)) {
      heap[0] = seq;
      siftDown(0);
    }
  }
  return heap.sort((left, right) => (better(left, right) ? -1 : 1)).map((seq) => ({ seq, score: scores[seq]! }));
}

/** The best `limit` hits offered (ties: lower seq first, as topByScore): a min-heap whose root is the worst held. */
class TopHits {
  readonly #limit: number;
  readonly #seqs: number[] = [];
  readonly #scores: number[] = [];
  /** The worst score held once `limit` are: what a hit must beat (below it, nothing can pass); -Infinity before. */
  threshold = Number.NEGATIVE_INFINITY;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Holds the hit if it is among the best so far; true when it was (the threshold may have risen). */
  offer(seq: number, score: number): boolean {
    const seqs = this.#seqs;
    const scores = this.#scores;
    if (seqs.length < this.#limit) {
      seqs.push(seq);
      scores.push(score);
      for (let index = seqs.length - 1; index > 0; ) {
        const parent = (index - 1) >> 1;
        if (!this.#worse(index, parent)) break;
        this.#swap(index, parent);
        index = parent;
      }
    } else {
      if (score < scores[0]! || (score === scores[0] && seq > seqs[0]!)) return false;
      seqs[0] = seq;
      scores[0] = score;
      for (let index = 0; ; ) {
        const left = index * 2 + 1;
        let worst = index;
        if (left < seqs.length && this.#worse(left, worst)) worst = left;
        if (left + 1 < seqs.length && this.#worse(left + 1, worst)) worst = left + 1;
        if (worst === index) break;
        this.#swap(index, worst);
        index = worst;
      }
    }
    if (seqs.length === this.#limit) this.threshold = scores[0]!;
    return true;
  }

  // Methods, not closures made per offer: a function made under tsx is named by a call (esbuild's keepNames).
  #worse(left: number, right: number): boolean {
    const scores = this.#scores;
    return scores[left]! < scores[right]! || (scores[left] === scores[right] && this.#seqs[left]! > this.#seqs[right]!);
  }

  #swap(left: number, right: number): void {
    const seqs = this.#seqs;
    const scores = this.#scores;
    [seqs[left], seqs[right]] = [seqs[right]!, seqs[left]!];
    [scores[left], scores[right]] = [scores[right]!, scores[left]!];
  }

  /** The hits held, best first. */
  hits(): PostingHit[] {
    return this.#seqs.map((seq, index) => ({ seq, score: this.#scores[index]! })).sort((left, right) => right.score - left.score || left.seq - right.seq);
  }
}

/** What `strongestPass` reads: `#topPruned`'s lists by rank (weakest first) and their cursors, bounds and weights. */
interface StrongestPass {
  best: TopHits;
  lists: TermPostings[];
  /** 1: looked into by its bits (`indexOf`); 0: stepped through from its cursor. */
  direct: Uint8Array;
  cursors: Int32Array;
  weights: Float64Array;
  reach: Float64Array;
  rankOf: Int32Array;
  lengths: Uint32Array;
  neighbourWeight: number;
  baseWeight: number;
  lengthWeight: number;
}

/**
 * The strongest list's memories from its cursor on, each weaker list looked into (strongest first) while the
 * memory can still pass, offered to `best`. A function of its own: inside `#topPruned`, with closures, the
 * same loop cost more than scoring every posting (1.4 against 1.0-1.2 ms for the http bench's unfiltered query).
 */
function strongestPass({ best, lists, direct, cursors, weights, reach, rankOf, lengths, neighbourWeight, baseWeight, lengthWeight }: StrongestPass): void {
  const words = lists.length;
  const strongest = words - 1;
  const { seqs, counts, neighbourCounts, length } = lists[strongest]!;
  const weight = weights[strongest]!;
  const ceiling = strongest === 0 ? 0 : reach[strongest - 1]!;
  const shares = new Float64Array(words);
  for (let cursor = cursors[strongest]!; cursor < length; cursor += 1) {
    const frequency = counts[cursor]! + neighbourWeight * neighbourCounts[cursor]!;
    if (frequency === 0) continue;
    const seq = seqs[cursor]!;
    // Added up as `search` adds it ((f + b) + l·x): the same bits.
    const lengthPart = lengthWeight * (lengths[seq]! - 1);
    const share = (weight * frequency) / (frequency + baseWeight + lengthPart);
    const threshold = best.threshold;
    if (share + ceiling < threshold) continue;
    let partial = share;
    let passes = true;
    for (let rank = strongest - 1; rank >= 0; rank -= 1) {
      const list = lists[rank]!;
      let index: number;
      if (direct[rank] === 1) index = list.indexOf(seq);
      else {
        // Seqs rise from one memory to the next: a list of like length is stepped, a longer way bisected.
        let at = cursors[rank]!;
        for (let step = 0; step < 8 && at < list.length && list.seqs[at]! < seq; step += 1) at += 1;
        if (at < list.length && list.seqs[at]! < seq) at = seekFrom(list.seqs, at, list.length, seq);
        cursors[rank] = at;
        index = at < list.length && list.seqs[at] === seq ? at : -1;
      }
      let added = 0;
      if (index >= 0) {
        const held = list.counts[index]! + neighbourWeight * list.neighbourCounts[index]!;
        if (held !== 0) added = (weights[rank]! * held) / (held + baseWeight + lengthPart);
      }
      shares[rank] = added;
      partial += added;
      // Past the last list no bound is left to hold a margin: the score itself decides (best.offer).
      if (rank > 0 && partial + reach[rank - 1]! < threshold) {
        passes = false;
        break;
      }
    }
    if (!passes) continue;
    shares[strongest] = share;
    let score = 0;
    for (let position = 0; position < words; position += 1) score += shares[rankOf[position]!]!;
    best.offer(seq, score);
  }
}

/** The first index from `start` whose seq is at least `seq`, in seqs that rise: by doubling steps, then bisection. */
function seekFrom(seqs: Int32Array, start: number, length: number, seq: number): number {
  if (start >= length || seqs[start]! >= seq) return start;
  let low = start;
  let step = 1;
  while (low + step < length && seqs[low + step]! < seq) {
    low += step;
    step *= 2;
  }
  let high = Math.min(low + step, length);
  // seqs[low] < seq, and seqs[high] >= seq or high === length.
  low += 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (seqs[middle]! < seq) low = middle + 1;
    else high = middle;
  }
  return low;
}
