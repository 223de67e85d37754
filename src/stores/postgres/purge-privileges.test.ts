import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { createHashEmbedder } from '../../testing/hash-embedder.ts';
import { postgresBinaries } from '../../testing/postgres-server.ts';
import { usePostgresServer } from '../../testing/postgres-suite.ts';

const { home, server: running } = usePostgresServer('hippocampus-postgres-purge-privileges-');

const APP_ROLE = "DO $$ BEGIN CREATE ROLE app LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$";

async function asAdmin(sql: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: running().url });
  await client.connect();
  try {
    for (const statement of sql) await client.query(statement);
  } finally {
    await client.end();
  }
}

// A team's usual set-up: an administrator created the tables (the first run), the application connects as its own
// role with the rights to read and write them. VACUUM is the owner's: for anyone else PostgreSQL skips the table
// with a WARNING, not an error.
describe.skipIf(postgresBinaries() === null)('a forget by a role that does not own the tables (skipped: no PostgreSQL binaries; scripts/setup-system.sh installs them)', () => {
  it('says the text could not be purged instead of reporting a complete forget', async () => {
    const embedder = createHashEmbedder({ dimensions: 64 });
    const owner = await createHippocampus({ home, agentId: 'ada', store: running().url, embedder });
    await owner.stop();
    await asAdmin([
      APP_ROLE,
      'GRANT USAGE, CREATE ON SCHEMA public TO app',
      'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app',
      'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO app',
    ]);
    const appUrl = running().url.replace('//hippocampus@', '//app@');
    const memory = await createHippocampus({ home, agentId: 'ada', store: appUrl, embedder });
    try {
      const { memory: secret } = await memory.remember({ type: 'observation', content: 'The safe combination is ZEBRA-31-7-22', importance: 0.9 });
      const forgotten = memory.forget([secret.id]);
      await expect(forgotten).rejects.toMatchObject({ code: 'STORE_ERROR' });
      const message = await forgotten.then(() => '', (error: Error) => error.message);
      expect(message).toContain('memories');
      expect(message).toMatch(/owner/);
      // The rows are gone for every query all the same: the error is about the bytes the rewrite would have removed.
      await expect(memory.get(secret.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await memory.stop();
    }
    // The role opens what the owner made (on pgvector too, where the vector table and each dimension's index are
    // made once) and binds a new agent to a dimension that already has its index.
    const another = await createHippocampus({ home, agentId: 'bo', store: appUrl, embedder });
    try {
      await another.remember({ type: 'observation', content: 'Bo keeps bees on the roof', importance: 0.7 });
      expect((await another.recallRelevant('bees', { recordAccess: false })).map((hit) => hit.memory.content)).toContain('Bo keeps bees on the roof');
    } finally {
      await another.stop();
    }
  }, 120_000);

  it("says so for the host's messages table too", async () => {
    const { createPostgresBackend } = await import('./postgres-backend.ts');
    const scope = { agentId: 'ada' };
    const owner = await createPostgresBackend({ connectionString: running().url });
    try {
      await owner.conversations!.createTable(scope, { table: 'messages' });
      await owner.conversations!.appendMessages(scope, { table: 'messages', messages: [{ role: 'user', content: 'My passport number is X1234567', createdAt: Date.UTC(2026, 0, 2) }] });
    } finally {
      await owner.close();
    }
    await asAdmin([APP_ROLE, 'GRANT USAGE, CREATE ON SCHEMA public TO app', 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app', 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO app']);
    const app = await createPostgresBackend({ connectionString: running().url.replace('//hippocampus@', '//app@') });
    try {
      const forgotten = app.conversations!.forgetMessages(scope, { table: 'messages', ids: [], texts: ['My passport number is X1234567'] });
      await expect(forgotten).rejects.toMatchObject({ code: 'STORE_ERROR', details: { tables: ['messages'] } });
      expect(await app.conversations!.searchMessages(scope, { table: 'messages', query: 'passport', limit: 5 })).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);
});
