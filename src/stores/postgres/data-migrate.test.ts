import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { postgresBinaries } from '../../testing/postgres-server.ts';
import { usePostgresServer } from '../../testing/postgres-suite.ts';
import { cliWith } from '../../testing/cli-server.ts';

const { home, server: running } = usePostgresServer('hippocampus-postgres-migrate-');

// `data migrate` as a team uses it: one home (./.hippocampus) for every command, whichever store they name.
describe.skipIf(postgresBinaries() === null)('data migrate between PostgreSQL 15 and the SQLite files of the same home (skipped: no PostgreSQL binaries; scripts/setup-system.sh installs them)', () => {
  it('the command it names for the knowledge graph runs on the target and rebuilds the graph there', async () => {
    const cli = cliWith(['--home', home, '--agent', 'grapher', '--json']);
    expect((await cli('remember', 'Marta works at Acme Corp in Lisbon', '--importance', '0.9')).code).toBe(0);
    const migrated = await cli('data', 'migrate', '--from', 'sqlite', '--to', running().url);
    expect(migrated.code, migrated.stderr).toBe(0);
    const line = (JSON.parse(migrated.stdout) as { notCopied: string[] }).notCopied.find((entry) => entry.startsWith('the knowledge graph'));
    const named = /`hippocampus ([^`]+)`/.exec(line ?? '')?.[1];
    expect(named, line).toBeDefined();
    const rebuilt = await cli('--store', running().url, ...named!.split(' '));
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toContain('Marta');
  }, 120_000);

  it('an agent the source does not hold is NOT_FOUND, naming the agents it holds, and nothing is created in the target', async () => {
    const stored = await cliWith(['--home', home, '--agent', 'present', '--store', running().url])('remember', 'Present and accounted for');
    expect(stored.code, stored.stderr).toBe(0);
    const cli = cliWith(['--home', home, '--agent', 'ghost', '--json']);
    const refused = await cli('data', 'migrate', '--from', running().url, '--to', 'sqlite');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(refused.stderr).toContain('present');
    expect(fs.existsSync(path.join(home, 'agents', 'ghost'))).toBe(false);
  }, 60_000);
});
