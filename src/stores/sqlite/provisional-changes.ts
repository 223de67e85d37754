import type Database from 'better-sqlite3';

/**
 * The changes an in-memory cache of a connection (keyword postings, the vectors' sign codes) read from a change
 * log while a transaction was open on that connection. They may still roll back, and SQLite then hands the
 * same seq and change number to the next write: a cache that kept them took that write for one it had already
 * read, kept the rolled-back memory's words or code under its seq and never read the new one (a live watcher's
 * batch searches what it wrote before it commits). So once the transaction has ended, committed or not, the
 * cache replays from the change it had read before it and reads the memories it noted again as they are now.
 */
export class ProvisionalChanges {
  readonly #db: Database.Database;
  #from: number | null = null;
  readonly #seqs = new Set<number>();

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /**
   * Notes changes read after `from` (a change number of the log; {@link ProvisionalChanges.EVERYTHING} when the
   * cache read all rows), when a transaction is open; otherwise they are committed and nothing is noted.
   */
  note(from: number, seqs: Iterable<number>): void {
    if (!this.#db.inTransaction) return;
    this.#from ??= from;
    for (const seq of seqs) this.#seqs.add(seq);
  }

  /**
   * Once the transaction has ended: the change to replay from and the memories to read again, forgotten here;
   * null while it is open or when nothing was read inside one.
   */
  settle(): { from: number; seqs: number[] } | null {
    if (this.#from === null || this.#db.inTransaction) return null;
    const settled = { from: this.#from, seqs: [...this.#seqs] };
    this.#from = null;
    this.#seqs.clear();
    return settled;
  }

  /** `from` of a cache that read every row inside a transaction: it must read them all again. */
  static readonly EVERYTHING = -1;
}
