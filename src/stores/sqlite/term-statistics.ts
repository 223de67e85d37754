import type { Database } from 'better-sqlite3';
import { StoreError } from '../../errors/store-error.ts';
import { preparedOnce } from './statement-cache.ts';

/** How long a memory count and a common term's document count are reused. */
const STATISTICS_TTL_MS = 60_000;

/**
 * Document counts for keyword ranking of one agent's FTS5 index: how many
 * memories hold a term, counted up to a cap (reads at most that many rows) or
 * exactly, and how many memories there are; cached for a minute (they move
 * slowly, and counting a term in half of 1M memories takes milliseconds).
 */
export class TermStatistics {
  #memories: { count: number; at: number } | null = null;
  readonly #documents = new Map<string, { count: number; at: number }>();

  constructor(private readonly db: Database) {}

  /** Rows matching an FTS5 expression, counted up to `cap` + 1 (reads at most that many rows; cached). */
  countUpTo(match: string, cap: number): number {
    const cached = this.#fresh(this.#documents.get(match));
    if (cached !== null) return Math.min(cached, cap + 1);
    const count = this.#get<{ n: number }>('SELECT count(*) AS n FROM (SELECT 1 FROM memories_fts WHERE memories_fts MATCH ? LIMIT ?)', [match, cap + 1]).n;
    if (count <= cap) this.#remember(match, count);
    return count;
  }

  /** Rows matching the expression (cached). */
  documents(match: string): number {
    const cached = this.#fresh(this.#documents.get(match));
    if (cached !== null) return cached;
    const count = this.#get<{ n: number }>('SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH ?', [match]).n;
    this.#remember(match, count);
    return count;
  }

  /** Rows in the index (cached). */
  memories(): number {
    const cached = this.#fresh(this.#memories ?? undefined);
    if (cached !== null) return cached;
    const count = this.#get<{ n: number }>('SELECT count(*) AS n FROM memories', []).n;
    this.#memories = { count, at: Date.now() };
    return count;
  }

  #remember(match: string, count: number): void {
    if (this.#documents.size >= 10_000) this.#documents.clear();
    this.#documents.set(match, { count, at: Date.now() });
  }

  #fresh(entry: { count: number; at: number } | undefined): number | null {
    return entry !== undefined && Date.now() - entry.at < STATISTICS_TTL_MS ? entry.count : null;
  }

  #get<T>(sql: string, params: unknown[]): T {
    try {
      return preparedOnce(this.db, sql).get(...params) as T;
    } catch (error) {
      throw new StoreError({ message: 'Keyword statistics query failed', query: sql, params, cause: error });
    }
  }
}
