import { describe, expect, test } from 'vitest';
import { StoreError, storeErrorCode } from './store-error.ts';
import { publicMessage, STORE_UNAVAILABLE_MESSAGE } from './public-message.ts';

describe('storeErrorCode: an unreachable database server', () => {
  test('refused or dropped sockets, connection exceptions and shutdowns are STORE_UNAVAILABLE', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '08006', '08001', '57P01', '57P03']) {
      expect(storeErrorCode(Object.assign(new Error('x'), { code }))).toBe('STORE_UNAVAILABLE');
    }
    // node-postgres names a connection the server closed under it by message only.
    expect(storeErrorCode(new Error('Connection terminated unexpectedly'))).toBe('STORE_UNAVAILABLE');
  });

  test('damage, contention and other failures keep their codes', () => {
    expect(storeErrorCode(Object.assign(new Error('x'), { code: 'XX001' }))).toBe('DATABASE_CORRUPT');
    expect(storeErrorCode(Object.assign(new Error('x'), { code: '57014' }))).toBe('DATABASE_BUSY');
    expect(storeErrorCode(Object.assign(new Error('x'), { code: '42P01' }))).toBe('STORE_ERROR');
    expect(storeErrorCode(Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT' }))).toBe('STORE_ERROR');
  });

  test('a StoreError over an unreachable server carries STORE_UNAVAILABLE whatever code the caller passed', () => {
    const error = new StoreError({ code: 'NOT_FOUND', message: 'PostgreSQL query failed: connect ECONNREFUSED', cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    expect(error.code).toBe('STORE_UNAVAILABLE');
  });
});

describe('publicMessage: what a caller across a boundary is told', () => {
  test('an unreachable store in fixed words, without the driver text that names the database address', () => {
    const error = new StoreError({ message: 'PostgreSQL connection failed: connect ECONNREFUSED 10.0.0.5:5432', cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }) });
    expect(publicMessage(error)).toBe(STORE_UNAVAILABLE_MESSAGE);
    expect(error.message).toContain('10.0.0.5:5432');
  });

  test('any other store error keeps its message, without the failed query and parameters', () => {
    const error = new StoreError({ message: 'PostgreSQL query failed: syntax error', query: 'SELECT secret FROM t WHERE a = $1', params: ['ada'], cause: Object.assign(new Error('syntax error'), { code: '42601' }) });
    expect(publicMessage(error)).toBe('PostgreSQL query failed: syntax error');
  });
});
