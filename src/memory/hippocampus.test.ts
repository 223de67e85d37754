import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths } from '../config/agent-paths.ts';
import { createManualClock } from '../core/system-clock.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import type { ExperienceInput } from '../spec/memory-record.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { runScript } from '../testing/run-script.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

const HOUR = 3600_000;
let home: string;
let cleanup: () => void;
const open: Hippocampus[] = [];

async function engine(options: Partial<Parameters<typeof createHippocampus>[0]> = {}) {
  const memory = await createHippocampus({ home, agentId: 'ada', embedder: null, ...options });
  open.push(memory);
  return memory;
}

beforeEach(() => ({ home, cleanup } = createTempHome()));
afterEach(async () => {
  for (const memory of open.splice(0)) await memory.stop();
  cleanup();
});

describe('short-term memory and consolidation', () => {
  it('keeps the last 100 of 150 in the ring and loses none of the important ones', async () => {
    const memory = await engine();
    const important = new Set<string>();
    for (let index = 0; index < 150; index += 1) {
      const isImportant = index % 10 === 0;
      const id = memory.enqueue({ type: 'observation', content: `event ${index}`, importance: isImportant ? 0.8 : 0.2 });
      if (isImportant) important.add(id);
    }
    await memory.tick();
    const stats = await memory.stats();
    expect(stats.shortTermBuffered).toBeLessThanOrEqual(100);
    const all = await memory.recall({ limit: 1000 });
    const contents = all.map((record) => record.content);
    for (let index = 50; index < 150; index += 1) if (index % 10 !== 0) expect(contents).toContain(`event ${index}`);
    for (let index = 0; index < 50; index += 1) if (index % 10 !== 0) expect(contents).not.toContain(`event ${index}`);
    const ids = new Set(all.map((record) => record.id));
    for (const id of important) expect(ids.has(id)).toBe(true);
    const longTerm = await memory.store.query({ agentId: 'ada' }, { consolidated: true });
    expect(new Set(longTerm.map((record) => record.id))).toEqual(important);
  });

  it('consolidates only what reaches the threshold and prunes what expired', async () => {
    const clock = createManualClock();
    const memory = await engine({ clock });
    await memory.remember({ type: 'error', content: 'The deploy failed because the migration locked the users table' });
    await memory.remember({ type: 'observation', content: 'the office plant looks thirsty', importance: 0.2 });
    await memory.remember({ type: 'observation', content: 'coffee machine is on', importance: 0.55 });
    clock.advance(2 * HOUR);
    const report = await memory.consolidate();
    expect(report.kept).toBe(1);
    expect(report.prunedIds).toHaveLength(1);
    expect(report.prunedIds[0]?.reason).toBe('expired');
    const longTerm = await memory.store.query({ agentId: 'ada' }, { consolidated: true });
    expect(longTerm.map((record) => record.content)).toEqual(['The deploy failed because the migration locked the users table']);
    const remaining = await memory.recall({ limit: 10 });
    expect(remaining.map((record) => record.content).sort()).toEqual(['The deploy failed because the migration locked the users table', 'coffee machine is on']);
    const runs = await memory.store.listConsolidationRuns({ agentId: 'ada' }, 10);
    expect(runs[0]).toMatchObject({ candidatesIn: 3, kept: 1, pruned: 1, trigger: 'manual' });
  });

  it('consolidates on the next tick when an important experience arrives, and when the buffer is 80% full', async () => {
    const memory = await engine({ shortTerm: { capacity: 10 } });
    memory.enqueue({ type: 'error', content: 'disk full on the build server' });
    await memory.tick();
    expect(await memory.store.count({ agentId: 'ada' }, { consolidated: true })).toBe(1);
    for (let index = 0; index < 9; index += 1) memory.enqueue({ type: 'chat', content: `line ${index}`, importance: index < 5 ? 0.65 : 0.1 });
    await memory.tick();
    expect(await memory.store.count({ agentId: 'ada' }, { consolidated: true })).toBe(6);
    const runs = await memory.store.listConsolidationRuns({ agentId: 'ada' }, 10);
    expect(runs.map((run) => run.trigger)).toEqual(['buffer-full', 'important-arrival']);
  });

  it('writes the consolidated history entry for an important memory pushed out of a full ring', async () => {
    const memory = await engine({ shortTerm: { capacity: 2 }, consolidation: { fullRatio: 1 } });
    const important = await memory.remember({ type: 'decision', content: 'Ship the billing service on Friday', importance: 0.9 });
    await memory.remember({ type: 'chat', content: 'ok', importance: 0.1 });
    await memory.remember({ type: 'chat', content: 'sounds good', importance: 0.1 });
    const history = await memory.history(important.memory.id);
    expect(history.find((event) => event.event === 'consolidated')).toMatchObject({ details: { trigger: 'evicted' } });
  });

  it('keeps vectors only inside the database: no index file beside it that a forget would have to reach', async () => {
    const memory = await engine({ embedder: createHashEmbedder() });
    const stored = await memory.rememberMany(Array.from({ length: 2_100 }, (_, index) => ({ type: 'observation' as const, content: `measurement ${index} of the greenhouse sensor` })), { longTerm: true });
    memory.start();
    await memory.maintain();
    expect((await memory.recallRelevant('measurement 17 of the greenhouse sensor', { limit: 1 }))[0]?.memory.content).toBe('measurement 17 of the greenhouse sensor');
    expect(stored).toHaveLength(2_100);
    const directory = path.dirname(agentPaths(home, 'ada').longTermDatabase);
    expect(fs.readdirSync(directory).filter((name) => !/^longterm\.db(-wal|-shm|\.checked)?$/.test(name))).toEqual([]);
  }, 60_000);

  it('recall merges short- and long-term memory without duplicates, and records the access only when asked', async () => {
    const memory = await engine();
    const kept = await memory.remember({ type: 'decision', content: 'Use Postgres for the billing service', tags: ['db'] });
    await memory.consolidate();
    await memory.remember({ type: 'chat', content: 'postgres upgrade is scheduled', tags: ['db'], importance: 0.3 });
    const listed = await memory.recall({ tags: ['db'] });
    expect((await memory.store.getMany({ agentId: 'ada' }, [kept.memory.id]))[0]?.accessCount).toBe(0);
    const found = await memory.recall({ tags: ['db'], recordAccess: true });
    expect(found.map((record) => record.id)).toEqual(listed.map((record) => record.id));
    expect(found.map((record) => record.content).sort()).toEqual(['Use Postgres for the billing service', 'postgres upgrade is scheduled']);
    expect(new Set(found.map((record) => record.id)).size).toBe(2);
    const [stored] = await memory.store.getMany({ agentId: 'ada' }, [kept.memory.id]);
    expect(stored?.accessCount).toBe(1);
    expect(stored?.lastAccessedAt).not.toBeNull();
    expect(await memory.recall({ text: 'POSTGRES', types: ['chat'] })).toHaveLength(1);
  });

  it('a verbatim duplicate reinforces the existing memory instead of inserting', async () => {
    const memory = await engine();
    const first = await memory.remember({ type: 'chat', content: 'I prefer tabs over spaces' });
    const second = await memory.remember({ type: 'chat', content: '  i PREFER tabs over   spaces ' });
    expect(second.duplicateOf).toBe(first.memory.id);
    expect(second.memory.encounterCount).toBe(2);
    expect(await memory.store.count({ agentId: 'ada' })).toBe(1);
  });

  it('finds memories related by user, room or task', async () => {
    const memory = await engine();
    await memory.remember({ type: 'chat', content: 'hello from room a', context: { roomId: 'a', userId: 'u1' } });
    await memory.remember({ type: 'chat', content: 'hello from room b', context: { roomId: 'b', userId: 'u1' } });
    expect((await memory.recallRelated({ roomId: 'a' })).map((record) => record.content)).toEqual(['hello from room a']);
    expect(await memory.recallRelated({ userId: 'u1' })).toHaveLength(2);
    await memory.consolidate();
    expect((await memory.recallRelated({ userId: 'u1', roomId: 'b' })).map((record) => record.content)).toEqual(['hello from room b']);
  });

  it('forget removes a memory for good', async () => {
    const memory = await engine();
    const { memory: record } = await memory.remember({ type: 'insight', content: 'the secret is 42' });
    await memory.consolidate();
    expect(await memory.forget([record.id])).toEqual([record.id]);
    await expect(memory.get(record.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await memory.recall({ text: 'secret' })).toHaveLength(0);
  });
});

describe('long-term bounds', () => {
  it('removes the weakest beyond the bound, never what was used recently', async () => {
    const clock = createManualClock();
    const memory = await engine({ clock, longTerm: { maxMemories: 3, minImportance: 0.3 } });
    const ids: string[] = [];
    for (const importance of [0.95, 0.9, 0.85, 0.8, 0.75]) ids.push((await memory.remember({ type: 'insight', content: `insight ${importance}`, importance })).memory.id);
    await memory.consolidate();
    clock.advance(30 * 24 * HOUR);
    await memory.recall({ text: 'insight 0.75', recordAccess: true });
    const removed = await memory.maintain();
    expect(removed.sort()).toEqual([ids[3], ids[2]].sort());
    const left = (await memory.store.query({ agentId: 'ada' }, {})).map((record) => record.content).sort();
    expect(left).toEqual(['insight 0.75', 'insight 0.9', 'insight 0.95']);
  });
});

describe('isolation, restarts and concurrency', () => {
  it('two agents never see each other', async () => {
    const ada = await engine({ agentId: 'ada' });
    const bob = await engine({ agentId: 'bob' });
    await ada.remember({ type: 'chat', content: 'ada only' });
    await bob.remember({ type: 'chat', content: 'bob only' });
    expect((await ada.recall()).map((record) => record.content)).toEqual(['ada only']);
    expect((await bob.recall()).map((record) => record.content)).toEqual(['bob only']);
    expect(fs.existsSync(agentPaths(home, 'bob').longTermDatabase)).toBe(true);
  });

  it('memories persist across a restart in a separate process', async () => {
    const memory = await engine();
    await memory.remember({ type: 'decision', content: 'Adopt trunk-based development' });
    await memory.remember({ type: 'chat', content: 'small talk about lunch', importance: 0.2 });
    await memory.stop();
    const { stdout } = await runScript('recall-all.ts', [home, 'ada']);
    const records = JSON.parse(stdout) as { content: string; consolidatedAt: number | null }[];
    expect(records.map((record) => record.content).sort()).toEqual(['Adopt trunk-based development', 'small talk about lunch']);
    expect(records.find((record) => record.content.startsWith('Adopt'))?.consolidatedAt).not.toBeNull();
  });

  it('two processes write to one agent at once without errors or loss', async () => {
    const [left, right] = await Promise.all([runScript('writer.ts', [home, 'ada', 'left', '150']), runScript('writer.ts', [home, 'ada', 'right', '150'])]);
    const acknowledged = [...left.stdout.trim().split('\n'), ...right.stdout.trim().split('\n')];
    expect(acknowledged).toHaveLength(300);
    const memory = await engine();
    const ids = new Set((await memory.recall({ limit: 10_000 })).map((record) => record.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('kill -9 during a stream of acknowledged writes loses none of them', async () => {
    const { spawnScript } = await import('../testing/run-script.ts');
    const child = spawnScript('writer.ts', [home, 'ada', 'doomed', '100000']);
    const acknowledged: string[] = [];
    let partial = '';
    await new Promise<void>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        partial += chunk.toString();
        const lines = partial.split('\n');
        partial = lines.pop() ?? '';
        acknowledged.push(...lines);
        if (acknowledged.length >= 300 && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.on('close', resolve));
    const memory = await engine();
    const ids = new Set((await memory.recall({ limit: 1_000_000 })).map((record) => record.id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe('bad input', () => {
  const cases: [string, unknown, string][] = [
    ['unknown type', { type: 'dream', content: 'x' }, 'VALIDATION_ERROR'],
    ['importance above 1', { type: 'chat', content: 'x', importance: 1.5 }, 'VALIDATION_ERROR'],
    ['importance below 0', { type: 'chat', content: 'x', importance: -0.1 }, 'VALIDATION_ERROR'],
    ['context that is not an object', { type: 'chat', content: 'x', context: '{"a":' }, 'VALIDATION_ERROR'],
    ['empty content', { type: 'chat', content: '   ' }, 'VALIDATION_ERROR'],
    ['oversized content', { type: 'chat', content: 'x'.repeat(64 * 1024 + 1) }, 'CONTENT_TOO_LARGE'],
    ['a session id that escapes the home', { type: 'chat', content: 'x', sessionId: '../../etc' }, 'VALIDATION_ERROR'],
    ['an unknown field', { type: 'chat', content: 'x', colour: 'red' }, 'VALIDATION_ERROR'],
    ['a date before 1970', { type: 'chat', content: 'x', timestamp: '1969-12-31T00:00:00Z' }, 'VALIDATION_ERROR'],
    ['a time past the last Date', { type: 'chat', content: 'x', timestamp: 9e15 }, 'VALIDATION_ERROR'],
    ['fractional milliseconds', { type: 'chat', content: 'x', timestamp: 1764000000000.5 }, 'VALIDATION_ERROR'],
  ];

  it.each(cases)('%s → a typed error and nothing written', async (_name, input, code) => {
    const memory = await engine();
    await expect(memory.remember(input as ExperienceInput)).rejects.toMatchObject({ code });
    expect(() => memory.enqueue(input as ExperienceInput)).toThrow(HippocampusError);
    await memory.tick();
    expect(await memory.store.count({ agentId: 'ada' })).toBe(0);
  });

  it.each(['..', '.', '...', 'ada.', 'a/b', '', 'x'.repeat(129), 'ok id'])('agent id %j is refused', async (agentId) => {
    await expect(createHippocampus({ home, agentId, embedder: null })).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
    expect(fs.existsSync(`${home}/agents`)).toBe(false);
  });

  it('a configurable content limit applies', async () => {
    const memory = await engine({ limits: { maxContentBytes: 10 } });
    await expect(memory.remember({ type: 'chat', content: 'eleven char' })).rejects.toMatchObject({ code: 'CONTENT_TOO_LARGE' });
  });
});

describe('schema versions', () => {
  it('refuses a database written by a newer version', async () => {
    const memory = await engine();
    await memory.stop();
    const db = new Database(agentPaths(home, 'ada').longTermDatabase);
    db.pragma('user_version = 999');
    db.close();
    await expect(createHippocampus({ home, agentId: 'ada', embedder: null })).rejects.toMatchObject({ code: 'SCHEMA_TOO_NEW' });
  });
});

describe('configuration', () => {
  it('refuses a misspelled option by name, at the top and inside a group, and opens nothing', async () => {
    const home = createTempHome('hippocampus-config-');
    try {
      const misspelled = { home: home.home, agentId: 'ada', embedder: null, embeder: null } as unknown as Parameters<typeof createHippocampus>[0];
      await expect(createHippocampus(misspelled)).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('embeder') });
      const nested = { home: home.home, agentId: 'ada', embedder: null, recall: { decayrate: 0.01 } } as unknown as Parameters<typeof createHippocampus>[0];
      await expect(createHippocampus(nested)).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('decayrate') });
      expect(fs.existsSync(path.join(home.home, 'agents', 'ada'))).toBe(false);
    } finally {
      home.cleanup();
    }
  });

  it('refuses an embedder that is not one (another library\'s embeddings object, null as options) with CONFIG_ERROR, and creates no agent', async () => {
    const home = createTempHome('hippocampus-config-');
    try {
      // A LangChain-style object: embedDocuments, no doEmbed/modelId/dimensions. It was a STORE_ERROR quoting
      // SQL ("NOT NULL constraint failed: meta.value"), after the agent's folder and database were made.
      const foreign = { embedDocuments: async (texts: string[]) => texts.map(() => [0.1, 0.2]) };
      const half = { ...createHashEmbedder(), dimensions: 0 };
      for (const embedder of [foreign, half, 'use-lite']) {
        const options = { home: home.home, agentId: 'ada', embedder } as unknown as Parameters<typeof createHippocampus>[0];
        await expect(createHippocampus(options), JSON.stringify(embedder)).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringMatching(/embedder/) });
      }
      await expect(createHippocampus(null as unknown as Parameters<typeof createHippocampus>[0])).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
      expect(fs.existsSync(path.join(home.home, 'agents', 'ada'))).toBe(false);
    } finally {
      home.cleanup();
    }
  });
});

describe("a host's own memory ids (generateId)", () => {
  it('are any string the engine takes: one a session folder could not be named (a colon, a slash, 128 characters) opens the engine and stores under it', async () => {
    // The default session id was `s-` + the host's first id: "mem:1" failed createHippocampus with
    // INVALID_SESSION_ID, naming a session id the host never gave.
    for (const [index, shape] of [(n: number) => `mem:${n}`, (n: number) => `notes/2024/${n}`, (n: number) => `${n}`.padStart(128, 'x')].entries()) {
      let next = 0;
      const memory = await engine({ agentId: `host-ids-${index}`, generateId: () => shape(next++) });
      const { memory: stored } = await memory.remember({ type: 'chat', content: 'The spare key hangs behind the boiler' });
      expect(stored.id).toBe(shape(next - 1));
      expect((await memory.get(stored.id)).content).toBe('The spare key hangs behind the boiler');
      expect(memory.sessionId).toMatch(/^s-[0-9a-z]{26}$/);
    }
  });
});

describe("a host's generateId giving an id no engine call takes", () => {
  it('is a CONFIG_ERROR naming it, and nothing is stored (such a memory could be neither read nor forgotten)', async () => {
    // '.' and '..': an HTTP path …/memories/.. is normalised away before any route sees it (probe).
    for (const [index, id] of ['x'.repeat(129), '', 'a\u0000b', 42, '.', '..'].entries()) {
      const memory = await engine({ agentId: `bad-ids-${index}`, generateId: () => id as string });
      await expect(memory.remember({ type: 'chat', content: 'The spare key hangs behind the boiler' }), JSON.stringify(id)).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('generateId') });
      expect((await memory.stats()).total).toBe(0);
    }
  });
});

describe('a memory another engine on the same agent forgot', () => {
  it('is no longer listed or got from this engine\'s short-term ring (hippocampus forget beside serve)', async () => {
    const writer = await engine({ embedder: createHashEmbedder() });
    await writer.rememberMany([{ type: 'decision', content: 'We deploy on Tuesdays after the canary', importance: 0.9 }], { longTerm: true });
    const { memory: locker } = await writer.remember({ type: 'chat', content: 'My locker code is ZEBRA-7431-quokka', importance: 0.3, context: { userId: 'u1' } });
    const server = await engine({ embedder: createHashEmbedder() }); // reloads the unconsolidated locker into its ring
    expect((await server.recall({ limit: 10 })).map((record) => record.id)).toContain(locker.id);

    await writer.forget([locker.id]);

    expect((await server.recall({ limit: 10 })).map((record) => record.content)).toEqual(['We deploy on Tuesdays after the canary']);
    expect(await server.recallRelated({ userId: 'u1' })).toEqual([]);
    await expect(server.get(locker.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await server.stats()).shortTermBuffered).toBe(0);
  });
});

describe('a memory another engine on the same agent edited', () => {
  it("is given back as edited, not as this engine's short-term ring still had it (the text the edit took out)", async () => {
    const writer = await engine({ embedder: createHashEmbedder() });
    const { memory: locker } = await writer.remember({ type: 'chat', content: 'My locker code is ZEBRA-7431-quokka', importance: 0.3 });
    const server = await engine({ embedder: createHashEmbedder() }); // reloads the unconsolidated locker into its ring

    await writer.update(locker.id, { content: 'My locker code changed, ask me again' });

    expect((await server.get(locker.id)).content).toBe('My locker code changed, ask me again');
    expect((await server.recall({ limit: 10 })).map((record) => record.content)).toEqual(['My locker code changed, ask me again']);
    expect((await server.recall({ limit: 10, text: 'quokka' })).map((record) => record.content)).toEqual([]);
    expect((await server.recallRelevant('locker code')).map((result) => result.memory.content)).toEqual(['My locker code changed, ask me again']);
  });
});
