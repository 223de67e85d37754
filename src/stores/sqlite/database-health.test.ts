import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { createHttpApp } from '../../server/create-http-app.ts';
import { createHashEmbedder } from '../../testing/hash-embedder.ts';
import { withCliServer } from '../../testing/cli-server.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import type { SqliteBackend } from './sqlite-backend.ts';

let home: ReturnType<typeof createTempHome>;
let file: string;
const MEMORIES = 3000;

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'hippocampus', '--home', home.home, ...args], { stdout: (text) => (stdout += `${text}\n`), stderr: (text) => (stderr += `${text}\n`) });
  return { code, stdout, stderr };
}

const open = () => createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder() });
const digest = (name: string) => createHash('sha256').update(fs.readFileSync(name)).digest('hex');

/** 8 KB of pseudo-random bytes (a fixed LCG, so every run damages the same way) written over the middle of the file. */
function damageMiddle(target: string): void {
  const junk = Buffer.alloc(8192);
  let state = 12345;
  for (let index = 0; index < junk.length; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    junk[index] = state >>> 24;
  }
  const fd = fs.openSync(target, 'r+');
  fs.writeSync(fd, junk, 0, junk.length, Math.floor(fs.statSync(target).size / 2 / 4096) * 4096);
  fs.closeSync(fd);
}

beforeEach(async () => {
  home = createTempHome();
  const memory = await open();
  await memory.rememberMany(Array.from({ length: MEMORIES }, (_, index) => ({ type: 'observation' as const, content: `Memory number ${index} about the ${index % 7} project` })), { longTerm: true });
  await memory.stop();
  file = path.join(home.home, 'agents', 'ada', 'memory', 'longterm.db');
});
afterEach(() => home.cleanup());

describe('damaged databases are refused at open', () => {
  it('8 KB of random bytes in the middle: open fails with DATABASE_CORRUPT naming the file and the recovery command, and nothing is written', async () => {
    damageMiddle(file);
    const before = digest(file);

    const error = await open().then(
      () => null,
      (caught: unknown) => caught,
    );

    expect(HippocampusError.isInstance(error) && error.code).toBe('DATABASE_CORRUPT');
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toContain('hippocampus data recover --agent ada');
    expect(digest(file)).toBe(before);
    const remembered = await cli('--agent', 'ada', 'remember', 'This must not land in a damaged file');
    expect(remembered.code).not.toBe(0);
    expect(remembered.stderr.trim().split('\n')).toHaveLength(1);
    expect(remembered.stderr).toMatch(/^error \[DATABASE_CORRUPT\]/);
    const stats = await cli('--agent', 'ada', 'stats');
    expect(stats.code).not.toBe(0);
    expect(digest(file)).toBe(before);
  });

  it('over HTTP a damaged agent answers DATABASE_CORRUPT (500 with its code), not INTERNAL_ERROR', async () => {
    damageMiddle(file);
    const { app, close } = createHttpApp({ home: home.home, embedder: createHashEmbedder(), logError: () => {} });
    try {
      const response = await app.request('/agents/ada/memories');
      expect(response.status).toBe(500);
      const body = await response.text();
      expect((JSON.parse(body) as { error: { code: string } }).error).toMatchObject({ code: 'DATABASE_CORRUPT', message: expect.stringContaining(`agents${path.sep}ada${path.sep}memory${path.sep}longterm.db`) });
      expect(body).toContain('hippocampus data recover --agent ada');
      // Where the server keeps its files is the operator's, not every HTTP client's (or a model's, in a tool result).
      expect(body).not.toContain(home.home);
    } finally {
      await close();
    }
  });

  it('data check names the damaged agent and exits non-zero; data recover salvages what is readable and keeps the damaged file', async () => {
    const healthy = await createHippocampus({ home: home.home, agentId: 'bob', embedder: createHashEmbedder() });
    await healthy.remember({ type: 'chat', content: 'Bob is fine' });
    await healthy.stop();
    damageMiddle(file);

    const check = await cli('data', 'check');
    expect(check.code).not.toBe(0);
    expect(check.stdout).toMatch(/^ada {2}DAMAGED .*hippocampus data recover --agent ada$/m);
    expect(check.stdout).toMatch(/^bob {2}ok /m);
    expect((await cli('--agent', 'bob', 'data', 'check')).code).toBe(0);

    const recover = await cli('--agent', 'ada', '--json', 'data', 'recover');
    expect(recover.code).toBe(0);
    const report = JSON.parse(recover.stdout) as { damagedKeptAt: string; copied: Record<string, number> };
    expect(fs.existsSync(report.damagedKeptAt)).toBe(true);
    expect(report.copied.memories).toBeGreaterThan(MEMORIES / 2);
    expect(report.copied.memories).toBeLessThanOrEqual(MEMORIES);
    expect((await cli('--agent', 'ada', 'data', 'check')).code).toBe(0);
    const memory = await open();
    try {
      expect(await memory.store.count({ agentId: 'ada' })).toBe(report.copied.memories);
      expect((await memory.recallRelevant('project', { mode: 'keyword' })).length).toBeGreaterThan(0);
      await memory.remember({ type: 'chat', content: 'Life goes on after recovery' });
    } finally {
      await memory.stop();
    }
  });

  it('data recover refuses while a server has the agent open, and the server\'s writes stay in the agent\'s database', async () => {
    // It swapped the file under the open server: the next write was answered 201 and went into the file kept aside.
    await withCliServer(['serve', '--home', home.home, '--port', '0', '--keyword-only'], {}, async (url) => {
      const write = (content: string) => fetch(`${url}/agents/ada/memories`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ type: 'decision', content, importance: 0.9 }) });
      expect((await write('Written while the agent is open')).status).toBe(201);
      const recover = await cli('--agent', 'ada', '--json', 'data', 'recover', '--force');
      expect(recover.code).toBe(1);
      expect(JSON.parse(recover.stderr)).toMatchObject({ error: { code: 'DATABASE_BUSY', message: expect.stringContaining('open in another process') } });
      expect(fs.readdirSync(path.dirname(file)).filter((name) => name.includes('.damaged-') || name.includes('.recovered-'))).toEqual([]);
      expect((await write('Written after the refused recovery')).status).toBe(201);
    });
    const memory = await open();
    try {
      expect((await memory.recallRelevant('written refused recovery', { mode: 'keyword' })).map((result) => result.memory.content)).toContain('Written after the refused recovery');
    } finally {
      await memory.stop();
    }
  });

  it('data migrate refuses to copy an agent a server has open: what the server wrote next stayed in the source only', async () => {
    // Nothing listens on port 1: once the server is stopped the copy gets as far as the target, and fails there.
    const migrate = () => cli('--agent', 'ada', '--json', 'data', 'migrate', '--from', 'sqlite', '--to', 'postgres://hippocampus@127.0.0.1:1/none');
    await withCliServer(['serve', '--home', home.home, '--port', '0', '--keyword-only'], {}, async (url) => {
      const written = await fetch(`${url}/agents/ada/memories`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ type: 'decision', content: 'Written while the agent is open', importance: 0.9 }) });
      expect(written.status).toBe(201);
      const refused = await migrate();
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stderr)).toMatchObject({ error: { code: 'DATABASE_BUSY', message: expect.stringContaining('run data migrate again') } });
    });
    expect(JSON.parse((await migrate()).stderr).error.code).not.toBe('DATABASE_BUSY');
  });

  it('a 0-byte or missing longterm.db of an agent with a history is refused, not re-created empty', async () => {
    fs.truncateSync(file, 0);
    await expect(open()).rejects.toMatchObject({ code: 'DATABASE_MISSING' });
    expect(fs.statSync(file).size).toBe(0);
    fs.rmSync(file);
    await expect(open()).rejects.toMatchObject({ code: 'DATABASE_MISSING' });
    expect(fs.existsSync(file)).toBe(false);
    const stats = await cli('--agent', 'ada', 'stats');
    expect(stats.code).not.toBe(0);
    expect(stats.stderr).toMatch(/^error \[DATABASE_MISSING\]/);
  });

  it('a new agent (no history) is still created on first use', async () => {
    const fresh = await createHippocampus({ home: home.home, agentId: 'newcomer', embedder: createHashEmbedder() });
    await fresh.remember({ type: 'chat', content: 'hello' });
    await fresh.stop();
    expect(fs.existsSync(path.join(home.home, 'agents', 'newcomer', 'agent.json'))).toBe(true);
  });
});

describe('SQLite errors are typed', () => {
  it('a failing statement is a StoreError naming the query and its parameters', async () => {
    const memory = await open();
    try {
      const db = (memory.backend as SqliteBackend).pool.connection('ada');
      let caught: unknown;
      try {
        db.prepare('SELECT * FROM memories WHERE id = ? AND nothing = 1').get('x');
      } catch (error) {
        caught = error;
      }
      expect(HippocampusError.isInstance(caught) && caught.code).toBe('STORE_ERROR');
      expect((caught as Error).message).toContain('Failed query: SELECT * FROM memories');
      const insert = db.prepare('INSERT INTO memory_blocks (agent_id, key, value, updated_at) VALUES (?, ?, ?, ?)');
      insert.run('ada', 'k', 'v', 1);
      expect(() => insert.run('ada', 'k', 'v', 1)).toThrow(expect.objectContaining({ code: 'STORE_ERROR', message: expect.stringContaining('params: ["ada","k","v",1]') }));
      expect(() => db.transaction(() => db.exec('INSERT INTO nowhere VALUES (1)')).immediate()).toThrow(expect.objectContaining({ code: 'STORE_ERROR' }));
    } finally {
      await memory.stop();
    }
  });
});
