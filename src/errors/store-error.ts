import type { ErrorCode } from './codes.ts';
import { HippocampusError } from './hippocampus-error.ts';

/** SQLite result codes (and PostgreSQL's SQLSTATE XX001/XX002) that mean the stored data itself is damaged. */
const CORRUPTION = /^(SQLITE_(CORRUPT|NOTADB)|XX00[12]$)/;
/**
 * SQLite result codes that mean another process held the lock longer than busy_timeout; PostgreSQL's
 * serialization failure, deadlock, lock or statement timeout (SQLSTATE 40001, 40P01, 55P03, 57014).
 */
const BUSY = /^(SQLITE_(BUSY|LOCKED)|40001$|40P01$|55P03$|57014$)/;

/** The code a store failure reaches users with: damage and contention get their own, anything else is STORE_ERROR. */
export function storeErrorCode(cause: unknown): 'DATABASE_CORRUPT' | 'DATABASE_BUSY' | 'STORE_ERROR' {
  const sqliteCode = String((cause as { code?: unknown } | null)?.code ?? '');
  if (CORRUPTION.test(sqliteCode)) return 'DATABASE_CORRUPT';
  if (BUSY.test(sqliteCode)) return 'DATABASE_BUSY';
  return 'STORE_ERROR';
}

/** Where a store error's message turns to the failed query and its parameters (the operator's part). */
export const FAILED_QUERY = '\nFailed query: ';

/**
 * A storage backend failed; says which query and parameters (Drizzle's "Failed
 * query" habit). A damaged file is DATABASE_CORRUPT and a lock held too long is
 * DATABASE_BUSY, whatever the caller passed, so users can act on the code.
 */
export class StoreError extends HippocampusError {
  constructor(options: { message: string; query?: string; params?: unknown[]; cause?: unknown; code?: ErrorCode }) {
    const where = options.query === undefined ? '' : `${FAILED_QUERY}${options.query}\nparams: ${JSON.stringify(options.params ?? [])}`;
    const classified = storeErrorCode(options.cause);
    super({
      code: classified === 'STORE_ERROR' ? (options.code ?? 'STORE_ERROR') : classified,
      message: `${options.message}${where}`,
      cause: options.cause,
      details: { query: options.query, params: options.params },
    });
    this.name = 'StoreError';
  }
}
