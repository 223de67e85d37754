import type Database from 'better-sqlite3';
import { readKeywordLogState } from './keyword-change-log.ts';
import { Column } from './typed-arrays.ts';

/**
 * The FTS5 index of one agent as flat arrays: term i's postings are
 * `seqs`/`counts`/`neighbourCounts` from `offsets[i]` to `offsets[i + 1]`
 * (occurrences in the memory's own text, and in its neighbours' text, the
 * index's second column); every memory's token count (both columns, as bm25()
 * counts a row's length) is in `docLengths`, by `docSeqs`. Flat so a worker can hand it over
 * without copying (the buffers are transferred).
 */
export interface PostingsSnapshot {
  /** The keyword change log's head when the snapshot was read. */
  change: number;
  terms: string[];
  offsets: Int32Array;
  seqs: Int32Array;
  counts: Uint16Array;
  neighbourCounts: Uint16Array;
  docSeqs: Int32Array;
  docLengths: Uint32Array;
}

/** The typed arrays of a snapshot, for a transfer list. */
export function snapshotBuffers(snapshot: PostingsSnapshot): ArrayBuffer[] {
  return [snapshot.offsets, snapshot.seqs, snapshot.counts, snapshot.neighbourCounts, snapshot.docSeqs, snapshot.docLengths].map((array) => array.buffer as ArrayBuffer);
}

/**
 * Reads the whole FTS5 index through its `instance` vocabulary, in one read
 * transaction so the change number and the postings are of one moment. About
 * 3M token occurrences at 100k memories: seconds, so maintenance runs it in a
 * worker (`keyword-postings-worker.ts`).
 */
export function readPostingsSnapshot(db: Database.Database): PostingsSnapshot {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.hippo_memory_instances USING fts5vocab(main, 'memories_fts', 'instance')`);
  return db.transaction(() => {
    const change = readKeywordLogState(db).head;
    const terms: string[] = [];
    const offsets = new Column(new Int32Array(1024), (size) => new Int32Array(size));
    const seqs = new Column(new Int32Array(1 << 16), (size) => new Int32Array(size));
    const counts = new Column(new Uint16Array(1 << 16), (size) => new Uint16Array(size));
    const neighbourCounts = new Column(new Uint16Array(1 << 16), (size) => new Uint16Array(size));
    const lengths = new Map<number, number>();
    let term: string | null = null;
    let seq = -1;
    let count = 0;
    let neighbourCount = 0;
    const flush = () => {
      if (term === null) return;
      seqs.push(seq);
      counts.push(Math.min(count, 0xffff));
      neighbourCounts.push(Math.min(neighbourCount, 0xffff));
    };
    // Instances come ordered by term, then memory, then column and position.
    for (const [nextTerm, nextSeq, column] of db.prepare('SELECT term, doc, col FROM temp.hippo_memory_instances').raw().iterate() as Iterable<[string, number, string]>) {
      if (nextTerm !== term || nextSeq !== seq) {
        flush();
        if (nextTerm !== term) {
          term = nextTerm;
          terms.push(term);
          offsets.push(seqs.length);
        }
        seq = nextSeq;
        count = 0;
        neighbourCount = 0;
      }
      if (column === 'content') count += 1;
      else neighbourCount += 1;
      lengths.set(nextSeq, (lengths.get(nextSeq) ?? 0) + 1);
    }
    flush();
    offsets.push(seqs.length);
    // Memories without a single token are rows of the index too.
    const docSeqs = new Column(new Int32Array(1024), (size) => new Int32Array(size));
    const docLengths = new Column(new Uint32Array(1024), (size) => new Uint32Array(size));
    for (const row of db.prepare('SELECT seq FROM memories').pluck().iterate() as Iterable<number>) {
      docSeqs.push(row);
      docLengths.push(lengths.get(row) ?? 0);
    }
    return { change, terms, offsets: offsets.done(), seqs: seqs.done(), counts: counts.done(), neighbourCounts: neighbourCounts.done(), docSeqs: docSeqs.done(), docLengths: docLengths.done() };
  }).deferred();
}
