import type { ErrorCode } from './codes.ts';
import { HippocampusError } from './hippocampus-error.ts';

/** SQLite result codes (and PostgreSQL's SQLSTATE XX001/XX002) that mean the stored data itself is damaged. */
const CORRUPTION = /^(SQLITE_(CORRUPT|NOTADB)|XX00[12]$)/;
/**
 * SQLite result codes that mean another process held the lock longer than busy_timeout; PostgreSQL's
 * serialization failure, deadlock, lock or statement timeout (SQLSTATE 40001, 40P01, 55P03, 57014).
 */
const BUSY = /^(SQLITE_(BUSY|LOCKED)|40001$|40P01$|55P03$|57014$)/;
/**
 * A database server that cannot be reached or is going away: the socket's errors (refused, reset, timed
 * out, no route), PostgreSQL's connection exceptions (SQLSTATE class 08) and shutdowns (57P01-57P03).
 */
const UNAVAILABLE = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EPIPE|08[0-9A-Z]{3}|57P0[123])$/;
/** node-postgres reports a connection the server closed under it without a code, by these messages. */
const CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/** The code a store failure reaches users with: damage, contention and an unreachable server get their own, anything else is STORE_ERROR. */
export function storeErrorCode(cause: unknown): 'DATABASE_CORRUPT' | 'DATABASE_BUSY' | 'STORE_UNAVAILABLE' | 'STORE_ERROR' {
  const sqliteCode = String((cause as { code?: unknown } | null)?.code ?? '');
  if (CORRUPTION.test(sqliteCode)) return 'DATABASE_CORRUPT';
  if (BUSY.test(sqliteCode)) return 'DATABASE_BUSY';
  if (UNAVAILABLE.test(sqliteCode) || CONNECTION_LOST.test(String((cause as { message?: unknown } | null)?.message ?? ''))) return 'STORE_UNAVAILABLE';
  return 'STORE_ERROR';
}

/** Where a store error's message turns to the failed query and its parameters (the operator's part). */
export const FAILED_QUERY = '\nFailed query: ';

/**
 * A storage backend failed; says which query and parameters (Drizzle's "Failed
 * query" habit). A damaged file is DATABASE_CORRUPT and a lock held too long is
 * DATABASE_BUSY and an unreachable server STORE_UNAVAILABLE, whatever the caller passed, so users can
 * act on the code.
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
