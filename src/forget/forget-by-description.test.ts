import { describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import type { SqliteBackend } from '../stores/sqlite/sqlite-backend.ts';
import { createSqliteBlockStore } from '../stores/sqlite/block-store.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { eachTestEngine, type TempEngine } from '../testing/temp-engine.ts';
import { forgetByDescription, rolesNamed } from './forget-by-description.ts';

const SECRET = 'The door code of the Kreuzberg flat is zqx4711';

const allBytes = allBytesUnder;

let home: TempEngine['home'];
let memory: Hippocampus;

const engines = eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), (opened) => ({ home, memory } = opened));

describe('forgetByDescription', () => {
  it('does not hold a word the memory says only as the first part of a compound the description does not say', async () => {
    // Round 20: "opening up the kitchen" (meant: knocking down a wall) deleted "We have an open-plan kitchen and living
    // room", holding "open" only in "open-plan" — a plan, not an opening — and "kitchen".
    await memory.rememberMany(
      ['We have an open-plan kitchen and living room', 'We bought a second-hand car last spring', 'The kitchen tap drips'].map((content) => ({ type: 'observation' as const, content })),
      { longTerm: true },
    );
    for (const description of ['opening up the kitchen', 'my second car']) {
      const report = await forgetByDescription(memory, description, { dryRun: true });
      expect(report.deleted).toEqual([]);
      expect(report.candidates.length).toBeGreaterThan(0);
    }
    // The compound said, hyphenated or not, is held.
    for (const description of ['the open-plan kitchen', 'the open plan kitchen']) {
      expect((await forgetByDescription(memory, description, { dryRun: true })).deleted.map((entry) => entry.content)).toEqual(['We have an open-plan kitchen and living room']);
    }
    expect((await forgetByDescription(memory, 'the second-hand car', { dryRun: true })).deleted.map((entry) => entry.content)).toEqual(['We bought a second-hand car last spring']);
  });

  it('leaves no trace of the forgotten sentence in the database file or the WAL, and leaves blocks alone', async () => {
    const blocks = createSqliteBlockStore({ pool: (memory.backend as SqliteBackend).pool });
    await blocks.putMany({ agentId: 'ada' }, [{ key: 'human', value: 'Ada lives in Kreuzberg', updatedAt: 1 }]);
    await memory.rememberMany(
      [
        { type: 'observation', content: SECRET, importance: 0.9 },
        { type: 'decision', content: 'We deploy on Tuesdays after the canary is green' },
      ],
      { longTerm: true },
    );
    expect(allBytes(home.home)).toContain(SECRET.toLowerCase());

    const report = await forgetByDescription(memory, 'door code of the Kreuzberg flat', { threshold: 0.6 });

    expect(report.deleted.map((entry) => entry.content)).toEqual([SECRET]);
    const bytes = allBytes(home.home);
    expect(bytes).not.toContain(SECRET.toLowerCase());
    expect(bytes).not.toContain('zqx4711'); // not even as a keyword-index term
    expect(await memory.store.count({ agentId: 'ada' }, { includeSuperseded: true })).toBe(1);
    expect(await blocks.getMany({ agentId: 'ada' }, ['human'])).toMatchObject([{ value: 'Ada lives in Kreuzberg' }]);
    const counts = (memory.backend as SqliteBackend).pool.connection('ada').prepare('SELECT (SELECT count(*) FROM memory_history) AS history, (SELECT count(*) FROM memory_vector_codes) AS vectors').get();
    expect(counts).toEqual({ history: 1, vectors: 1 });
  });

  it('takes the older versions of a matched fact with it, so forgetting Lisbon does not bring Berlin back', async () => {
    const [berlin] = await memory.rememberMany([{ type: 'observation', kind: 'fact', content: 'User lives in Berlin' }], { longTerm: true });
    const lisbon = await memory.supersede(berlin!.memory.id, { type: 'observation', kind: 'fact', content: 'User lives in Lisbon' });
    const report = await forgetByDescription(memory, 'User lives in Lisbon', { threshold: 0.85 });
    expect(report.deleted.map((entry) => [entry.id, entry.similarity === null])).toEqual([
      [lisbon.id, false],
      [berlin!.memory.id, true],
    ]);
    expect(await memory.store.count({ agentId: 'ada' }, { includeSuperseded: true })).toBe(0);
    expect(allBytes(home.home)).not.toContain('berlin');
  });

  it('deletes nothing when nothing is similar enough', async () => {
    await memory.rememberMany([{ type: 'observation', content: SECRET }], { longTerm: true });
    const report = await forgetByDescription(memory, 'my favourite pizza topping', { threshold: 0.6 });
    expect(report).toMatchObject({ deleted: [] });
    expect(await memory.store.count({ agentId: 'ada' })).toBe(1);
  });

  it('without an embedder, forgets only memories holding every word of the description', async () => {
    memory = await engines.reopen({ agentId: 'plain', embedder: null });
    await memory.rememberMany([{ type: 'observation', content: SECRET }, { type: 'observation', content: 'The Kreuzberg bakery opens at seven' }], { longTerm: true });
    const report = await forgetByDescription(memory, 'Kreuzberg door code');
    expect(report.deleted.map((entry) => entry.content)).toEqual([SECRET]);
  });

  it('finds an amount written with digit groups by the number typed without them, among more memories than it compares by meaning', async () => {
    const others = Array.from({ length: 80 }, (_, at) => ({ type: 'observation' as const, content: `Note ${at}: the hallway lamp number ${at} needs a new bulb` }));
    await memory.rememberMany([...others, { type: 'observation', content: 'I keep 40,000 euros in a savings account nobody knows about' }], { longTerm: true });
    const report = await forgetByDescription(memory, 'the 40k', { dryRun: true });
    expect(report.deleted.map((entry) => entry.content)).toEqual(['I keep 40,000 euros in a savings account nobody knows about']);
    expect((await forgetByDescription(memory, 'the 40000 euros', { dryRun: true })).deleted.map((entry) => entry.content)).toEqual(['I keep 40,000 euros in a savings account nobody knows about']);
  });

  it('reads "every day" as how often, which the memory must say too', async () => {
    memory = await engines.reopen({ agentId: 'plain', embedder: null });
    await memory.rememberMany([{ type: 'observation', content: 'I bake sourdough bread every Sunday' }], { longTerm: true });
    expect((await forgetByDescription(memory, 'that I bake sourdough every day', { dryRun: true })).deleted).toEqual([]);
    expect((await forgetByDescription(memory, 'that I bake sourdough every Sunday', { dryRun: true })).deleted.map((entry) => entry.content)).toEqual(['I bake sourdough bread every Sunday']);
  });
});

describe('rolesNamed', () => {
  it('reads the noun between a possessive and a name as who the person is, and nothing else', () => {
    expect(rolesNamed('my cousin Marta', ['marta'])).toEqual(['cousin']);
    expect(rolesNamed("our neighbour Gustav's ladder", ['gustav'])).toEqual(['neighbour']);
    expect(rolesNamed('the money Rafael owes me', ['rafael'])).toEqual([]);
    expect(rolesNamed('my Redux preference', ['redux'])).toEqual([]);
  });
});
