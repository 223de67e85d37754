import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths } from '../config/agent-paths.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippocampus } from '../memory/hippocampus.ts';
import { main } from './main.ts';
import { HIPPOCAMPUS_BINARY } from '../testing/cli-server.ts';

// What the CLI says when the input is wrong: a clear one-line error with exit code 2 (usage) or 1
// (failure), never a silent success, never a stack trace (unless --debug), and nothing created or changed.

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'hippocampus', '--home', home.home, ...args], { stdout: (text) => (stdout += `${text}\n`), stderr: (text) => (stderr += `${text}\n`) });
  return { code, stdout, stderr };
}

const stderrOf: Record<string, string> = {};
const oneLine = (text: string) => text.trim().split('\n').length === 1;

describe('an honest CLI', () => {
  it('--version prints the package version', () => {
    const binary = HIPPOCAMPUS_BINARY;
    const result = spawnSync(process.execPath, [binary, '--version'], { encoding: 'utf8' });
    const version = (JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json'), 'utf8')) as { version: string }).version;
    expect(result.stdout.trim()).toBe(version);
    expect(result.status).toBe(0);
  });

  it('a read command on an agent that does not exist says so and creates nothing', async () => {
    expect((await cli('--agent', 'ada', 'remember', 'Ada likes tea', '--importance', '0.8')).code).toBe(0);
    for (const command of [['recall'], ['stats'], ['get', '01ABC'], ['memory', 'search', '--query', 'tea'], ['core']]) {
      const result = await cli('--agent', 'adda', ...command);
      expect(result.code, command.join(' ')).toBe(1);
      expect(result.stderr).toContain('Agent "adda" was not found');
      expect(result.stderr).toContain('ada');
      expect(oneLine(result.stderr)).toBe(true);
    }
    expect(fs.existsSync(agentPaths(home.home, 'adda').root)).toBe(false);
  });

  it('forget of an unknown id is an error and deletes nothing, even beside a known id', async () => {
    const { stdout } = await cli('--agent', 'ada', 'remember', 'Ada likes tea', '--importance', '0.8', '--json');
    const id = (JSON.parse(stdout) as { memory: { id: string } }).memory.id;
    const result = await cli('--agent', 'ada', 'forget', id, '01NOSUCHMEMORY0000000000000');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('01NOSUCHMEMORY0000000000000');
    expect((await cli('--agent', 'ada', 'get', id)).code).toBe(0);
  });

  it('get under the wrong agent names the agent that holds the memory', async () => {
    const { stdout } = await cli('--agent', 'ada', 'remember', 'Ada likes tea', '--importance', '0.8', '--json');
    const id = (JSON.parse(stdout) as { memory: { id: string } }).memory.id;
    await cli('--agent', 'bob', 'remember', 'Bob likes coffee', '--importance', '0.8');
    const result = await cli('--agent', 'bob', 'get', id);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--agent ada');
  });

  it('watch --source of a missing file, working store of a path without @ or of a missing @file, index import of a missing mirror and bench of an empty folder are usage errors', async () => {
    await cli('--agent', 'ada', 'remember', 'Ada likes tea', '--importance', '0.8');
    const transcript = path.join(home.home, 'chat.txt');
    fs.writeFileSync(transcript, 'user: hello');
    const empty = path.join(home.home, 'empty');
    fs.mkdirSync(empty);
    const cases: [string[], RegExp][] = [
      [['--agent', 'ada', 'watch', '--source', path.join(home.home, 'missing.jsonl'), '--once'], /does not exist/],
      // A folder is not a transcript: it was read until EISDIR, reported as an internal error.
      [['--agent', 'ada', 'watch', '--source', empty, '--once'], /the transcript .* is a directory, not a file/],
      [['--agent', 'ada', 'watch', '--db', empty, '--once'], /the database .* is a directory, not a file/],
      [['--agent', 'ada', 'watch', '--source', transcript, '--messages-table', 'messages', '--once'], /exactly one of --source <file>, --db <file> or --messages-table <name>/],
      [['--agent', 'ada', 'watch', '--once'], /exactly one of/],
      [['--agent', 'ada', 'working', 'store', transcript], /is a file path, not a conversation: write @/],
      [['--agent', 'ada', 'working', 'store', `@${path.join(home.home, 'missing.txt')}`], /cannot read the transcript file/],
      [['--agent', 'ada', 'index', 'import', '--dir', path.join(home.home, 'no-mirror')], /no mirror to import/],
      [['bench', 'locomo', '--data', empty], /holds no conversation files/],
    ];
    for (const [args, message] of cases) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(oneLine(result.stderr), result.stderr).toBe(true);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('a write command refused for its input creates no agent: remember, skills add, working store', async () => {
    const blank = path.join(home.home, 'blank.txt');
    fs.writeFileSync(blank, '  \n\n');
    const cases: string[][] = [
      ['--agent', 'g1', 'remember', 'Ship on Fridays', '--type', 'dream'],
      ['--agent', 'g2', 'remember', 'Ship on Fridays', '--importance', '3'],
      ['--agent', 'g3', 'remember', 'Ship on Fridays', '--context', '{"a":'],
      ['--agent', 'g4', 'remember', '   '],
      ['--agent', 'g5', 'skills', 'add', 'deploy', '--description', 'ship it', '--code', 'make', '--inputs', '{bad'],
      ['--agent', 'g6', 'working', 'store', ''],
      ['--agent', 'g7', 'working', 'store', `@${blank}`],
      ['--agent', 'g8', 'working', 'store', 'user: hi', '--timestamp', 'someday'],
    ];
    for (const args of cases) {
      const result = await cli(...args, '--json');
      expect(result.code, args.join(' ')).toBe(2);
      expect(JSON.parse(result.stderr), args.join(' ')).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect(fs.existsSync(path.join(home.home, 'agents')) ? fs.readdirSync(path.join(home.home, 'agents')) : []).toEqual([]);
  });

  it('an empty HIPPOCAMPUS_HOME is unset (./.hippocampus), an empty --home or a --home that is a file is a CONFIG_ERROR', () => {
    const project = path.join(home.home, 'project');
    fs.mkdirSync(project);
    const run = (args: string[], env: Record<string, string>) => spawnSync(process.execPath, [HIPPOCAMPUS_BINARY, ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, HIPPOCAMPUS_STORE: '', ...env } });
    // Empty means unset, as HIPPOCAMPUS_STORE and HIPPOCAMPUS_TOKEN: it was path.resolve(''), the working directory.
    const emptyVariable = run(['remember', 'Ship on Fridays', '--type', 'decision'], { HIPPOCAMPUS_HOME: '' });
    expect(emptyVariable.status, emptyVariable.stderr).toBe(0);
    expect(fs.existsSync(path.join(project, '.hippocampus', 'agents', 'default'))).toBe(true);
    expect(fs.existsSync(path.join(project, 'agents'))).toBe(false);
    const file = path.join(project, 'notes.txt');
    fs.writeFileSync(file, 'not a folder');
    for (const args of [['--home', file, 'remember', 'x'], ['--home', '', 'remember', 'x'], ['--home', file, 'stats']]) {
      const result = run([...args, '--json'], { HIPPOCAMPUS_HOME: '' });
      expect(result.status, args.join(' ')).toBe(1);
      expect(JSON.parse(result.stderr), args.join(' ')).toMatchObject({ error: { code: 'CONFIG_ERROR', message: expect.stringMatching(/home/) } });
    }
    expect(fs.readdirSync(project).sort()).toEqual(['.hippocampus', 'notes.txt']);
  });

  it("a home of '~/…' is under the user's home directory, from HIPPOCAMPUS_HOME or --home, not a folder named '~'", () => {
    const project = path.join(home.home, 'tilde-project');
    const userHome = path.join(home.home, 'user-home');
    fs.mkdirSync(project);
    fs.mkdirSync(userHome);
    const run = (args: string[], env: Record<string, string>) => spawnSync(process.execPath, [HIPPOCAMPUS_BINARY, ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, HIPPOCAMPUS_STORE: '', HOME: userHome, ...env } });
    expect(run(['remember', 'Ship on Fridays', '--type', 'decision'], { HIPPOCAMPUS_HOME: '~/memory-a' }).status).toBe(0);
    expect(run(['--home', '~/memory-b', 'remember', 'Ship on Fridays', '--type', 'decision'], { HIPPOCAMPUS_HOME: '' }).status).toBe(0);
    expect(fs.existsSync(path.join(userHome, 'memory-a', 'agents', 'default'))).toBe(true);
    expect(fs.existsSync(path.join(userHome, 'memory-b', 'agents', 'default'))).toBe(true);
    expect(fs.readdirSync(project)).toEqual([]);
  });

  it('a home that cannot be made (under a file, deep or not) is a CONFIG_ERROR naming it, from the CLI and the library, and nothing is made', async () => {
    const file = path.join(home.home, 'notes.txt');
    fs.writeFileSync(file, 'not a folder');
    for (const unmakeable of [path.join(file, 'home'), path.join(file, 'deeper', 'home')]) {
      for (const command of [['remember', 'x'], ['stats']]) {
        const result = await main(['node', 'hippocampus', '--home', unmakeable, '--json', ...command], { stdout: () => undefined, stderr: (text) => void (stderrOf[command[0]!] = text) });
        expect(result, `${unmakeable} ${command.join(' ')}`).toBe(1);
        expect(JSON.parse(stderrOf[command[0]!]!), `${unmakeable} ${command.join(' ')}`).toMatchObject({ error: { code: 'CONFIG_ERROR', message: expect.stringContaining(unmakeable) } });
      }
      await expect(createHippocampus({ home: unmakeable, agentId: 'ada', embedder: null })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining(unmakeable) });
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('not a folder');
  });

  it.skipIf(!fs.existsSync('/proc/1'))('a home under /proc (where Node\'s recursive mkdir never returns) fails at once as a CONFIG_ERROR', () => {
    const result = spawnSync(process.execPath, [HIPPOCAMPUS_BINARY, '--home', '/proc/1/hippocampus-home', '--json', 'remember', 'x'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HIPPOCAMPUS_STORE: '' } });
    expect(result.signal, 'killed after 60 s: it hung').toBeNull();
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'CONFIG_ERROR', message: expect.stringContaining('/proc/1/hippocampus-home') } });
  });

  it.skipIf(!fs.existsSync('/dev/zero'))('watch of a transcript that is not a regular file (a device, a FIFO) is a TRANSCRIPT_ERROR at once; /dev/zero was read forever', () => {
    const result = spawnSync(process.execPath, [HIPPOCAMPUS_BINARY, '--home', home.home, '--json', 'watch', '--once', '--source', '/dev/zero'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HIPPOCAMPUS_STORE: '' } });
    expect(result.signal, 'killed after 60 s: it hung').toBeNull();
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'TRANSCRIPT_ERROR', message: expect.stringContaining('/dev/zero is not a regular file') } });
  });

  it('a write command that fails on what it finds once the agent is open creates no agent: watch of a table or a --db it cannot read', async () => {
    const notSqlite = path.join(home.home, 'notes.txt');
    fs.writeFileSync(notSqlite, 'not a database at all\n');
    const cases: string[][] = [
      ['--agent', 'w1', 'watch', '--messages-table', 'messages', '--once'],
      ['--agent', 'w2', 'watch', '--db', notSqlite, '--table', 'messages', '--once'],
    ];
    for (const args of cases) {
      const result = await cli(...args, '--json');
      expect(result.code, args.join(' ')).toBe(1);
      expect(JSON.parse(result.stderr), args.join(' ')).toMatchObject({ error: { code: 'CONFIG_ERROR' } });
      // A read command then finds no such agent, as before the failed write.
      expect(JSON.parse((await cli(args[0]!, args[1]!, 'stats', '--json')).stderr), args.join(' ')).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect(fs.existsSync(path.join(home.home, 'agents')) ? fs.readdirSync(path.join(home.home, 'agents')) : []).toEqual([]);
  });

  it('a write command that writes nothing creates no agent: watch --once of an empty transcript, index import of an empty mirror', async () => {
    const transcript = path.join(home.home, 'empty.jsonl');
    fs.writeFileSync(transcript, '');
    const mirror = path.join(home.home, 'mirror');
    fs.mkdirSync(mirror);
    fs.writeFileSync(path.join(mirror, 'index.json'), JSON.stringify({ version: 1, lastUpdated: new Date().toISOString(), agentId: 'someone', memories: [] }));
    const cases: string[][] = [
      ['--agent', 'e1', 'watch', '--once', '--source', transcript],
      ['--agent', 'e2', 'index', 'import', '--dir', mirror],
    ];
    for (const args of cases) {
      const result = await cli(...args, '--json');
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
      expect(JSON.parse((await cli(args[0]!, args[1]!, 'stats', '--json')).stderr), args.join(' ')).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect(fs.existsSync(path.join(home.home, 'agents')) ? fs.readdirSync(path.join(home.home, 'agents')) : []).toEqual([]);
    // The same commands with something to write still make the agent.
    fs.writeFileSync(transcript, `${JSON.stringify({ role: 'user', content: 'I moved to Lisbon last spring and I love the light there.', timestamp: '2026-01-05T10:00:00Z' })}\n`);
    expect((await cli('--agent', 'e1', 'watch', '--once', '--source', transcript, '--json')).code).toBe(0);
    expect(fs.readdirSync(path.join(home.home, 'agents'))).toEqual(['e1']);
  });

  it("watch --messages-table of a table the agent's store lacks, or of a name SQL cannot hold, is a CONFIG_ERROR before anything is read", async () => {
    await cli('--agent', 'ada', 'remember', 'Ada likes tea', '--importance', '0.8');
    for (const table of ['no_such_table', 'memories', 'order', 'user', 'x; DROP TABLE memories']) {
      const result = await cli('--agent', 'ada', 'watch', '--messages-table', table, '--once', '--json');
      expect(result.code, table).not.toBe(0);
      expect(JSON.parse(result.stderr), table).toMatchObject({ error: { code: 'CONFIG_ERROR' } });
    }
    expect((await cli('--agent', 'ada', 'recall', '--json')).stdout).toContain('Ada likes tea');
  });

  it('core --budget is a whole number of tokens from 1 to 1,000,000, or a VALIDATION_ERROR', async () => {
    await cli('--agent', 'ada', 'remember', 'Remember that Ada prefers short answers', '--importance', '0.9');
    for (const budget of ['-1', '0', '1.5', '1e309', '1000001', 'lots']) {
      const result = await cli('--agent', 'ada', 'core', '--budget', budget, '--json');
      expect(result.code, budget).toBe(2);
      expect(JSON.parse(result.stderr), budget).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('--budget') } });
    }
    const fits = await cli('--agent', 'ada', 'core', '--budget', '1000000', '--json');
    expect(fits.code, fits.stderr).toBe(0);
    expect((JSON.parse(fits.stdout) as { text: string }).text).toContain('Ada prefers short answers');
  });

  it('watch --batch is a whole number of messages from 1 to 10,000, or a VALIDATION_ERROR before anything is read', async () => {
    const transcript = path.join(home.home, 'batch.jsonl');
    fs.writeFileSync(transcript, `${JSON.stringify({ role: 'user', content: 'I adopted a cat named Miso last week', timestamp: 1764000000000 })}\n`);
    for (const batch of ['0', '-1', '1.5', '10001']) {
      const result = await cli('--agent', 'ada', 'watch', '--source', transcript, '--once', '--batch', batch, '--json');
      expect(result.code, batch).toBe(2);
      expect(JSON.parse(result.stderr), batch).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('--batch') } });
    }
    const stats = await cli('--agent', 'ada', 'stats', '--json');
    expect(stats.code).toBe(1); // the agent was never created: nothing was read or stored
    expect((await cli('--agent', 'ada', 'watch', '--source', transcript, '--once', '--batch', '1', '--json')).code).toBe(0);
  });

  it("a --store or HIPPOCAMPUS_STORE that is neither 'sqlite' nor a postgres:// URL is CONFIG_ERROR on every command, before anything is reached", async () => {
    // Read commands and data check took it for a PostgreSQL URL: 'mysql://…' and 'postgres://' dialled
    // 127.0.0.1:5432 (STORE_UNAVAILABLE), 'sqlite3' looked up a host named 'base', a file path a socket under it.
    for (const store of ['mysql://localhost/memories', 'postgres://', 'sqlite3', path.join(home.home, 'memories.db')]) {
      for (const command of [['stats'], ['recall'], ['memory', 'search', '--query', 'x'], ['data', 'check'], ['remember', 'hello']]) {
        const result = await cli('--store', store, '--agent', 'ada', '--json', ...command);
        expect(result.code, `${store} ${command.join(' ')}`).toBe(1);
        expect(JSON.parse(result.stderr), `${store} ${command.join(' ')}`).toMatchObject({ error: { code: 'CONFIG_ERROR', message: expect.stringContaining("'sqlite' or a postgres:// URL") } });
      }
    }
    const previous = process.env.HIPPOCAMPUS_STORE;
    process.env.HIPPOCAMPUS_STORE = 'sqlite3';
    try {
      const result = await cli('--agent', 'ada', '--json', 'stats');
      expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'CONFIG_ERROR', message: expect.stringContaining('HIPPOCAMPUS_STORE') } });
    } finally {
      if (previous === undefined) delete process.env.HIPPOCAMPUS_STORE;
      else process.env.HIPPOCAMPUS_STORE = previous;
    }
    expect(fs.readdirSync(home.home)).toEqual([]);
  });

  it('--json errors are one JSON object on stderr; --debug adds the stack', async () => {
    const json = await cli('--agent', 'nobody', 'stats', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.stringContaining('nobody') } });
    const debug = await cli('--agent', 'nobody', 'stats', '--debug');
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it('--json usage errors (unknown command or option, missing argument) are one JSON object too, exit code 2', async () => {
    for (const [args, said] of [
      [['--json', 'bogus'], "unknown command 'bogus'"],
      [['--json', 'remember'], "missing required argument 'text'"],
      [['--json', 'recall', '--nope'], "unknown option '--nope'"],
    ] as const) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(oneLine(result.stderr), result.stderr).toBe(true);
      expect(JSON.parse(result.stderr)).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.stringContaining(said) } });
    }
    expect((await cli('bogus')).stderr).toMatch(/^error: unknown command 'bogus'/);
  });

  it('data check and data recover of an agent there never was: NOT_FOUND naming the agents, not MISSING with exit code 0', async () => {
    expect((await cli('--agent', 'ada', 'remember', 'Ada likes tea', '--importance', '0.8')).code).toBe(0);
    for (const command of [['data', 'check'], ['data', 'recover']]) {
      const result = await cli('--agent', 'adda', '--json', ...command);
      expect(result.code, command.join(' ')).toBe(1);
      expect(JSON.parse(result.stderr), command.join(' ')).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.stringContaining('ada') } });
    }
    expect(fs.existsSync(agentPaths(home.home, 'adda').root)).toBe(false);
  });

  it('the demo never touches an existing agent: it runs on a fresh one and says so', async () => {
    await cli('--agent', 'demo', 'remember', 'A memory the demo must not delete', '--importance', '0.9');
    const binary = HIPPOCAMPUS_BINARY;
    const result = spawnSync(process.execPath, [binary, '--home', home.home, 'demo'], { encoding: 'utf8', env: { ...process.env } });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('fresh agent "demo-2"');
    const kept = await cli('--agent', 'demo', 'recall', '--json');
    expect((JSON.parse(kept.stdout) as { content: string }[]).map((record) => record.content)).toEqual(['A memory the demo must not delete']);
  }, 120_000);
});
