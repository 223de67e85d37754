import { describe, expect, it } from 'vitest';
import { createTempHome } from '../testing/temp-home.ts';
import { openBackend, openMaintenance } from './open-backend.ts';

describe('openBackend and openMaintenance', () => {
  it("refuse a store that is neither 'sqlite' nor a postgres:// URL as CONFIG_ERROR, before any connection", async () => {
    // The HTTP app opens its shared store through openBackend with the store it was given: 'mysql://…' dialled
    // PostgreSQL's default 127.0.0.1:5432 and answered STORE_UNAVAILABLE.
    const { home, cleanup } = createTempHome();
    try {
      // A URL no parser reads ('[::1' never closed) was a STORE_ERROR "connection failed: Invalid URL".
      for (const store of ['mysql://localhost/memories', 'postgres://', 'sqlite3', 'postgres://u:p@[::1:5432/x', 'postgres://host:port/db']) {
        await expect(openBackend({ store, home }), store).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
        await expect(openMaintenance({ store, home }), store).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
      }
    } finally {
      cleanup();
    }
  });
});
