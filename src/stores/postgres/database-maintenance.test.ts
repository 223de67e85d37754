import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { createHashEmbedder } from '../../testing/hash-embedder.ts';
import { postgresBinaries } from '../../testing/postgres-server.ts';
import { usePostgresServer } from '../../testing/postgres-suite.ts';
import { cliWith } from '../../testing/cli-server.ts';
import { describeDatabase } from './database-maintenance.ts';

const { home, server: running } = usePostgresServer('hippocampus-postgres-maintenance-');

const cli = (...args: string[]) => cliWith(['--home', home, '--store', running().url, '--json'])(...args);

describe('describeDatabase', () => {
  it('names host, port and database without the password or options', () => {
    expect(describeDatabase('postgres://ada:s3cret@db.internal:6543/memories?sslmode=require')).toBe('postgres://ada@db.internal:6543/memories');
    expect(describeDatabase('not a url')).toBe('the PostgreSQL database');
  });
});

describe.skipIf(postgresBinaries() === null)('data check and data recover on PostgreSQL 15 (skipped: no PostgreSQL binaries; scripts/setup-system.sh installs them)', () => {
  it('check reads every row of each agent and names damage the server reports; recover points at PostgreSQL backups; neither writes', async () => {
    // Before Hippocampus ever ran there: nothing to list, and an explicit agent is missing — and the check created nothing.
    const before = await cli('data', 'check');
    expect(before.code, before.stderr).toBe(0);
    expect(JSON.parse(before.stdout)).toEqual([]);
    const client = new pg.Client({ connectionString: running().url });
    await client.connect();
    try {
      expect((await client.query("SELECT to_regclass('hippocampus_schema') AS t")).rows[0].t).toBeNull();

      for (const agentId of ['ada', 'bob']) {
        const memory = await createHippocampus({ home, agentId, store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) });
        try {
          await memory.rememberMany(Array.from({ length: 20 }, (_, index) => ({ type: 'observation' as const, content: `${agentId} noted fact number ${index}: ${'the pump schedule '.repeat(40)}` })));
        } finally {
          await memory.stop();
        }
      }
      const healthy = await cli('data', 'check');
      expect(healthy.code, healthy.stderr).toBe(0);
      const results = JSON.parse(healthy.stdout) as { agent: string; state: string; rows: number; location: string }[];
      expect(results.map((result) => [result.agent, result.state])).toEqual([['ada', 'ok'], ['bob', 'ok']]);
      // 20 memories, their history and vectors: read back, every one.
      expect(results[0]!.rows).toBeGreaterThanOrEqual(40);
      expect(results[0]!.location).toBe(describeDatabase(running().url));

      const unknown = await cli('--agent', 'nobody', 'data', 'check');
      // As for SQLite, an agent that never held anything is a misspelled --agent: NOT_FOUND naming the agents
      // there are (it was 'missing' with exit code 0, which a health check read as a pass).
      expect(unknown.code, unknown.stderr).toBe(1);
      expect(JSON.parse(unknown.stderr)).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.stringContaining('ada, bob') } });

      const refused = await cli('--agent', 'ada', 'data', 'recover', '--force');
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('CONFIG_ERROR');
      expect(refused.stderr).toContain('point-in-time recovery');
      // Without --force too, whatever the check finds: it used to answer 'nothing to recover (--force to salvage
      // anyway)' with exit 0 for a healthy agent, offering the flag that is then refused.
      for (const agent of ['ada', 'nobody']) {
        const plain = await cli('--agent', agent, 'data', 'recover');
        expect(plain.code).toBe(1);
        expect(JSON.parse(plain.stderr)).toMatchObject({ error: { code: 'CONFIG_ERROR' } });
        expect(plain.stderr).not.toContain('--force');
      }

      // Damage one heap page of the memories table on disk, as a disk fault would, and start the server again.
      const file = path.join(running().dataDirectory!, (await client.query("SELECT pg_relation_filepath('memories') AS file")).rows[0].file as string);
      await client.end();
      await running().pause();
      const handle = fs.openSync(file, 'r+');
      // pd_lower, pd_upper, pd_special, pd_pagesize_version of block 0: impossible values, so the page fails its header check.
      fs.writeSync(handle, Buffer.alloc(8, 0xff), 0, 8, 12);
      fs.closeSync(handle);
      await running().resume();
    } finally {
      await client.end().catch(() => undefined);
    }
    const damaged = await cli('--agent', 'ada', 'data', 'check');
    expect(damaged.code).not.toBe(0);
    expect(damaged.stderr).toContain('DATABASE_CORRUPT');
    const human = await cliWith(['--home', home, '--store', running().url, '--agent', 'ada'])('data', 'check');
    expect(human.code).not.toBe(0);
    expect(human.stdout).toMatch(/^ada {2}DAMAGED {2}memories: invalid page in block 0 .*→ restore the database from a PostgreSQL backup/m);
  }, 120_000);
});
