import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { postgresBinaries } from '../../testing/postgres-server.ts';
import { usePostgresServer } from '../../testing/postgres-suite.ts';
import { cliWith } from '../../testing/cli-server.ts';

const { home, server: running } = usePostgresServer('hippocampus-postgres-migrate-');

// `data migrate` as a team uses it: one home (./.hippocampus) for every command, whichever store they name.
describe.skipIf(postgresBinaries() === null)('data migrate between PostgreSQL 15 and the SQLite files of the same home (skipped: no PostgreSQL binaries; scripts/setup-system.sh installs them)', () => {
  it('an agent used through the CLI on PostgreSQL comes back to SQLite in the same home, and that home passes its check', async () => {
    const cli = cliWith(['--home', home, '--agent', 'roundtrip', '--json']);
    const remembered = await cli('--store', running().url, 'remember', 'Ada keeps the spare key under the blue pot', '--importance', '0.8');
    expect(remembered.code, remembered.stderr).toBe(0);
    // The engine on PostgreSQL wrote its session log under the home: that says nothing about a SQLite file.
    expect(fs.existsSync(path.join(home, 'agents', 'roundtrip', 'sessions'))).toBe(true);
    const before = await cliWith(['--home', home, '--json'])('data', 'check');
    expect(before.code, before.stdout + before.stderr).toBe(0);
    // Nor is it a SQLite agent yet: a read command there, or its own check, is NOT_FOUND and creates no file.
    for (const command of [['recall'], ['data', 'check']]) {
      const unknown = await cli(...command);
      expect(JSON.parse(unknown.stderr), command.join(' ')).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect(fs.existsSync(path.join(home, 'agents', 'roundtrip', 'memory', 'longterm.db'))).toBe(false);

    const migrated = await cli('data', 'migrate', '--from', running().url, '--to', 'sqlite');
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(JSON.parse(migrated.stdout)).toMatchObject({ memories: 1, vectors: 1 });
    expect((await cli('recall')).stdout).toContain('Ada keeps the spare key under the blue pot');
    const after = await cli('data', 'check');
    expect(after.code, after.stderr).toBe(0);
    expect(JSON.parse(after.stdout)).toMatchObject([{ agent: 'roundtrip', state: 'ok' }]);
  }, 120_000);

  it('holds the SQLite source for itself while it copies: an engine opening the agent meanwhile is DATABASE_BUSY, not left writing into the source only', async () => {
    const sqlite = cliWith(['--home', home, '--agent', 'held', '--json']);
    expect((await sqlite('remember', 'The spare key is under the blue flowerpot')).code).toBe(0);
    const { main } = await import('../../cli/main.ts');
    const { createHippocampus } = await import('../../memory/hippocampus.ts');
    let opened: Promise<unknown> | undefined;
    let stdout = '';
    // The first page copied: a server starting now opened the agent, and what it wrote stayed in the source only.
    const code = await main(['node', 'hippocampus', '--home', home, '--agent', 'held', '--json', 'data', 'migrate', '--from', 'sqlite', '--to', running().url], {
      stdout: (text) => (stdout += text),
      stderr: () => {
        opened ??= createHippocampus({ home, agentId: 'held', embedder: null }).then(
          async (engine) => {
            await engine.remember({ type: 'observation', content: 'written during the copy' });
            await engine.stop();
            return 'written into the source only';
          },
          (error: unknown) => error,
        );
      },
    });
    expect(code, stdout).toBe(0);
    expect(opened).toBeDefined();
    expect(await opened).toMatchObject({ code: 'DATABASE_BUSY' });
    expect(JSON.parse(stdout)).toMatchObject({ memories: 1 });
  }, 120_000);

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
