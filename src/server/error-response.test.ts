import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../errors/store-error.ts';
import { errorResponse } from './error-response.ts';

describe('error responses', () => {
  it("keep a store error's failed query and parameters in the operator's log, out of the body", async () => {
    const logged: unknown[] = [];
    const app = new Hono();
    app.get('/search', () => {
      throw new StoreError({ message: 'PostgreSQL query failed: connection refused', query: 'SELECT count(*) FROM memory_vector_bits WHERE agent_id = $1', params: ['carol-secret-agent'] });
    });
    app.onError((error, context) => errorResponse(context, error, (entry) => logged.push(entry)));
    const response = await app.request('/search');
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ error: { code: 'STORE_ERROR', message: 'PostgreSQL query failed: connection refused' } });
    expect(body).not.toMatch(/SELECT|carol-secret-agent|Failed query/);
    expect(String((logged[0] as Error).message)).toContain('carol-secret-agent');
  });
});
