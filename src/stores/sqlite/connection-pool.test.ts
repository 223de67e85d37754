import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { createSqliteConnectionPool } from './connection-pool.ts';
import { FTS_AUTOMERGE } from './forgetting-schema.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

describe('agent ids that differ only in case', () => {
  it('are refused (INVALID_AGENT_ID naming the existing one) before anything is made: one folder on macOS or Windows', async () => {
    const ada = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    await ada.remember({ type: 'decision', content: 'Ship on Fridays' });
    await ada.stop();
    await expect(createHippocampus({ home: home.home, agentId: 'Ada', embedder: null })).rejects.toMatchObject({ code: 'INVALID_AGENT_ID', message: expect.stringContaining('"ada"') });
    expect(fs.readdirSync(path.join(home.home, 'agents'))).toEqual(['ada']);
  });

  it('an agent whose own folder is there still opens beside another spelling (made before the rule, on Linux)', async () => {
    const bob = await createHippocampus({ home: home.home, agentId: 'bob', embedder: null });
    await bob.remember({ type: 'decision', content: 'Deploy on Tuesdays' });
    await bob.stop();
    fs.mkdirSync(path.join(home.home, 'agents', 'BOB'));
    const again = await createHippocampus({ home: home.home, agentId: 'bob', embedder: null });
    expect((await again.stats()).total).toBe(1);
    await again.stop();
  });
});

describe('the keyword index merges its segments two at a time', () => {
  const automerge = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare(`SELECT v FROM memories_fts_config WHERE k = 'automerge'`).pluck().get();
    } finally {
      db.close();
    }
  };

  it('in a new agent, and in one that merged at four once a writer (not a reader) opens it', () => {
    const pool = createSqliteConnectionPool({ home: home.home });
    const file = pool.connection('ada').name;
    pool.close();
    expect(automerge(file)).toBe(FTS_AUTOMERGE);
    // An agent of an older version merges at FTS5's default, four (its shadow tables cannot be written to unset it).
    const raw = new Database(file);
    raw.exec(`INSERT INTO memories_fts(memories_fts, rank) VALUES ('automerge', 4)`);
    raw.close();
    expect(automerge(file)).toBe(4);
    const reader = createSqliteConnectionPool({ home: home.home, readOnly: true });
    reader.connection('ada');
    reader.close();
    expect(automerge(file)).toBe(4);
    const again = createSqliteConnectionPool({ home: home.home });
    again.connection('ada');
    again.close();
    expect(automerge(file)).toBe(FTS_AUTOMERGE);
  });
});
