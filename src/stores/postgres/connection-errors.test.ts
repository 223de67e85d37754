import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresBinaries } from '../../testing/postgres-server.ts';
import { usePostgresServer } from '../../testing/postgres-suite.ts';
import { cliWith } from '../../testing/cli-server.ts';

const { home, server: running } = usePostgresServer('hippocampus-postgres-connection-errors-');

// What a team sees when the URL's credentials are not what the server asks for: one typed line that says what to fix.
describe.skipIf(postgresBinaries() === null)('connection errors on PostgreSQL 15 with password authentication (skipped: no PostgreSQL binaries; scripts/setup-system.sh installs them)', () => {
  it('a URL without the password the server asks for, or with a wrong one, is a STORE_ERROR that says so, and nothing is created', async () => {
    const admin = new pg.Client({ connectionString: running().url });
    await admin.connect();
    try {
      await admin.query("CREATE ROLE secretive LOGIN PASSWORD 'right-password'");
      const hba = path.join(running().dataDirectory!, 'pg_hba.conf');
      fs.writeFileSync(hba, `host all secretive 127.0.0.1/32 scram-sha-256\n${fs.readFileSync(hba, 'utf8')}`);
      await admin.query('SELECT pg_reload_conf()');
      const base = running().url.replace('//hippocampus@', '//secretive@');
      const cases = [
        [base, /asks for a password and the URL gives none/],
        [base.replace('//secretive@', '//secretive:wrong-password@'), /password authentication failed for user "secretive"/],
      ] as const;
      for (const [url, message] of cases) {
        const result = await cliWith(['--home', home, '--store', url, '--agent', 'ada', '--json'])('remember', 'hello');
        expect(result.code).toBe(1);
        const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } };
        expect(error.code).toBe('STORE_ERROR');
        expect(error.message).toMatch(message);
        expect(error.message).not.toContain('wrong-password');
        // data check reaches the server through a query of the pool: the same words.
        const check = await cliWith(['--home', home, '--store', url, '--json'])('data', 'check');
        expect(JSON.parse(check.stderr)).toMatchObject({ error: { code: 'STORE_ERROR', message: expect.stringMatching(message) } });
      }
      expect((await admin.query("SELECT to_regclass('memories') AS t")).rows[0].t).toBeNull();
    } finally {
      await admin.end();
    }
  }, 60_000);
});
