import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createManualClock, DAY_MS, openTestMemory } from './live-test-helpers.ts';
import { exportMirror } from './mirror-export.ts';
import type { MirrorIndex } from './mirror-format.ts';
import { importMirror } from './mirror-import.ts';

async function seed(memory: Hippocampus, clock: ReturnType<typeof createManualClock>) {
  const [tea, old, moment] = await memory.rememberMany(
    [
      { type: 'chat', kind: 'fact', content: 'User prefers oolong tea', domain: 'user', category: 'preference', importance: 0.8, intensity: 0.6, tags: ['tea', 'oolong'], context: { messageId: 'm1' }, source: 'live:test' },
      { type: 'chat', kind: 'fact', content: 'User lives in Lisbon', domain: 'user', category: 'identity', importance: 0.8, tags: ['lisbon'] },
      { type: 'chat', kind: 'memory', content: 'User told the agent: "Thank you, you really helped me"', domain: 'relationship', category: 'moment', importance: 0.85 },
    ],
    { longTerm: true },
  );
  clock.advance(3 * DAY_MS);
  await memory.reinforce(tea!.memory.id, { intensity: 0.9, setImportance: 0.83 });
  await memory.supersede(old!.memory.id, { type: 'chat', kind: 'fact', content: 'User lives in Porto', domain: 'user', category: 'identity', importance: 0.8 });
  await memory.rememberMany([{ type: 'decision', kind: 'fact', content: 'Ship on Fridays only after the canary is green', domain: 'ops', importance: 0.75 }], { longTerm: true });
  return { tea: tea!.memory.id, moment: moment!.memory.id };
}

const readIndex = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as MirrorIndex;

describe('human-readable mirror', () => {
  let temp: ReturnType<typeof createTempHome>;
  let memory: Hippocampus;
  const clock = createManualClock();
  let ids: { tea: string; moment: string };
  beforeEach(async () => {
    temp = createTempHome();
    memory = await openTestMemory(temp.home, { clock });
    ids = await seed(memory, clock);
  });
  afterEach(async () => {
    await memory.stop();
    temp.cleanup();
  });

  it('holds an edited entry to the limits of an experience: a 300,000-character content is refused and changes nothing, a NUL is dropped', async () => {
    const dir = path.join(temp.home, 'mirror');
    await exportMirror(memory, { dir });
    const index = readIndex(dir);
    const [first] = index.memories;
    const write = (memories: MirrorIndex['memories']) => fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ ...index, memories }, null, 2));
    write([...index.memories, { ...first!, id: 'huge-1', content: 'x'.repeat(300_000) }]);
    await expect(importMirror(memory, { dir })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/memories\.\d+\.content: must be at most \d+ bytes/u) });
    write([...index.memories, { ...first!, id: 'tags-1', keywords: Array.from({ length: 300 }, (_, n) => `k${n}`) }]);
    await expect(importMirror(memory, { dir })).rejects.toMatchObject({ message: expect.stringContaining('.keywords') });
    expect((await memory.store.getMany({ agentId: memory.agentId }, ['huge-1', 'tags-1'])).length).toBe(0);
    write([...index.memories, { ...first!, id: 'nul-1', content: 'gate\u0000 code 4471', context: { note: 'x\u0000' } }]);
    expect((await importMirror(memory, { dir })).created).toEqual(['nul-1']);
    const [imported] = await memory.store.getMany({ agentId: memory.agentId }, ['nul-1']);
    expect([imported?.content, imported?.context]).toEqual(['gate code 4471', { note: 'x' }]);
  });

  it('an export that fails halfway is a CONFIG_ERROR naming the folder, and a forget still scrubs what it wrote', async () => {
    const dir = path.join(temp.home, 'mirror');
    fs.mkdirSync(dir);
    // A file where the user/ folder goes: index.json is written, then the Markdown cannot be.
    fs.writeFileSync(path.join(dir, 'user'), 'not a folder');
    await expect(exportMirror(memory, { dir })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining(dir) });
    expect(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')).toContain('oolong');
    await memory.forget([ids.tea]);
    const holding = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((name) => path.join(dir, name))
      .filter((file) => fs.statSync(file).isFile() && fs.readFileSync(file, 'utf8').includes('oolong'));
    expect(holding).toEqual([]);
  });

  it('a missing, empty or non-string dir is a CONFIG_ERROR naming dir, and nothing is written or registered', async () => {
    const registry = path.join(temp.home, 'agents', memory.agentId, 'mirrors.json');
    const before = fs.existsSync(registry) ? fs.readFileSync(registry, 'utf8') : null;
    const cwdBefore = fs.readdirSync(process.cwd()).sort();
    const total = (await memory.stats()).total;
    for (const options of [undefined, {}, { dir: 42 }, { dir: '' }, { dir: ['a'] }]) {
      await expect(exportMirror(memory, options as never), JSON.stringify(options)).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('dir') });
      await expect(importMirror(memory, options as never), JSON.stringify(options)).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('dir') });
    }
    expect(fs.existsSync(registry) ? fs.readFileSync(registry, 'utf8') : null).toBe(before);
    expect(fs.readdirSync(process.cwd()).sort()).toEqual(cwdBefore);
    expect((await memory.stats()).total).toBe(total);
  });

  it("a dir that is the home or under its agents/ folder is a CONFIG_ERROR, and nothing is written or registered", async () => {
    const registry = path.join(temp.home, 'agents', memory.agentId, 'mirrors.json');
    const before = fs.existsSync(registry) ? fs.readFileSync(registry, 'utf8') : null;
    const agentsBefore = fs.readdirSync(path.join(temp.home, 'agents')).sort();
    // Links into the store from outside it (a folder of the user's that is a symlink) reach the same folders.
    const outside = fs.mkdtempSync(path.join(path.dirname(temp.home), 'hippocampus-links-'));
    fs.symlinkSync(path.join(temp.home, 'agents'), path.join(outside, 'agents-link'));
    fs.symlinkSync(path.join(temp.home, 'agents', memory.agentId), path.join(outside, 'agent-link'));
    fs.symlinkSync(temp.home, path.join(outside, 'home-link'));
    const links = [path.join(outside, 'agents-link'), path.join(outside, 'agent-link'), path.join(outside, 'agent-link', 'mirror'), path.join(outside, 'home-link', 'agents', 'new', 'mirror')];
    for (const dir of [temp.home, path.join(temp.home, 'agents'), path.join(temp.home, 'agents', memory.agentId), path.join(temp.home, 'agents', 'x', '..', memory.agentId, 'mirror'), ...links]) {
      await expect(exportMirror(memory, { dir }), dir).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('agents/ folder') });
    }
    expect(fs.existsSync(registry) ? fs.readFileSync(registry, 'utf8') : null).toBe(before);
    expect(fs.readdirSync(path.join(temp.home, 'agents')).sort()).toEqual(agentsBefore);
    expect(fs.existsSync(path.join(temp.home, 'index.json'))).toBe(false);
    expect(fs.existsSync(path.join(temp.home, 'agents', memory.agentId, 'index.json'))).toBe(false);
    // A folder of the home beside agents/ is fine.
    expect((await exportMirror(memory, { dir: path.join(temp.home, 'mirror') })).memories).toBeGreaterThan(0);
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('a damaged mirrors.json refuses a forget before anything is forgotten, and an export, naming the file (the forget left the mirror holding the text, the export forgot the other mirrors)', async () => {
    const dir = path.join(temp.home, 'mirror');
    await exportMirror(memory, { dir });
    const registry = path.join(temp.home, 'agents', memory.agentId, 'mirrors.json');
    for (const damaged of ['garbage', '{"dir":1}', '[1, 2]']) {
      fs.writeFileSync(registry, damaged);
      await expect(memory.forget([ids.tea]), damaged).rejects.toMatchObject({ code: 'DATABASE_CORRUPT', message: expect.stringContaining('mirrors.json') });
      await expect(exportMirror(memory, { dir: path.join(temp.home, 'other') }), damaged).rejects.toMatchObject({ code: 'DATABASE_CORRUPT', message: expect.stringContaining('mirrors.json') });
      expect(fs.readFileSync(registry, 'utf8')).toBe(damaged);
      expect((await memory.get(ids.tea)).content).toBe('User prefers oolong tea');
      expect(readIndex(dir).memories.map((entry) => entry.id)).toContain(ids.tea);
    }
    fs.writeFileSync(registry, JSON.stringify([dir]));
    await memory.forget([ids.tea]);
    expect(readIndex(dir).memories.map((entry) => entry.id)).not.toContain(ids.tea);
  });

  it('writes index.json with the issue’s fields and readable Markdown per domain', async () => {
    const dir = path.join(temp.home, 'memory');
    const { files } = await exportMirror(memory, { dir });
    expect(files.map((file) => path.relative(dir, file)).sort()).toEqual(['index.json', 'other/memories.md', 'relationship/memories.md', 'self/memories.md', 'user/memories.md', 'world/memories.md']);
    const tea = readIndex(dir).memories.find((entry) => entry.id === ids.tea)!;
    expect(tea).toMatchObject({ domain: 'user', category: 'preference', content: 'User prefers oolong tea', importance: 0.83, timesReinforced: 1, keywords: ['oolong', 'tea'] });
    expect(tea.lastAccessed).toBe(new Date(clock.now()).toISOString());
    const markdown = fs.readFileSync(path.join(dir, 'user', 'memories.md'), 'utf8');
    expect(markdown).toContain('## preference');
    expect(markdown).toContain('- **0.83** User prefers oolong tea');
    expect(markdown).not.toContain('Lisbon');
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('round-trips through import into an empty agent without losing anything', async () => {
    const first = path.join(temp.home, 'first');
    await exportMirror(memory, { dir: first });
    const other = await openTestMemory(temp.home, { agentId: 'bob', clock });
    const report = await importMirror(other, { dir: first });
    expect(report.created).toHaveLength(readIndex(first).memories.length);
    const second = path.join(temp.home, 'second');
    await exportMirror(other, { dir: second });
    expect(readIndex(second).memories).toEqual(readIndex(first).memories);
    for (const folder of ['user', 'relationship', 'world', 'other']) {
      expect(fs.readFileSync(path.join(second, folder, 'memories.md'), 'utf8')).toBe(fs.readFileSync(path.join(first, folder, 'memories.md'), 'utf8'));
    }
    expect((await other.recallRelevant('oolong tea', { limit: 1, recordAccess: false }))[0]!.memory.id).toBe(ids.tea);
    expect(await importMirror(other, { dir: second })).toEqual({ created: [], updated: [], unchanged: report.created.length, skippedForgotten: [], alreadyStored: [] });
    await other.stop();
  });

  it('picks up a person’s edits to index.json', async () => {
    const dir = path.join(temp.home, 'memory');
    await exportMirror(memory, { dir });
    const index = readIndex(dir);
    const tea = index.memories.find((entry) => entry.id === ids.tea)!;
    tea.content = 'User prefers jasmine tea';
    tea.importance = 0.95;
    tea.keywords = ['tea', 'jasmine'];
    fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index, null, 2));
    expect((await importMirror(memory, { dir })).updated).toEqual([ids.tea]);
    expect(await memory.get(ids.tea)).toMatchObject({ content: 'User prefers jasmine tea', importance: 0.95, tags: ['jasmine', 'tea'] });
    expect((await memory.recallRelevant('jasmine', { limit: 1, recordAccess: false, mode: 'keyword' }))[0]!.memory.id).toBe(ids.tea);
  });

  it('a hostile index.json is a VALIDATION_ERROR naming its line, never a RangeError or SyntaxError, and changes nothing', async () => {
    const dir = path.join(temp.home, 'mirror');
    await exportMirror(memory, { dir });
    const file = path.join(dir, 'index.json');
    const text = fs.readFileSync(file, 'utf8');
    const before = await memory.recall({ limit: 100 });
    // 10 million characters in one string: the string pattern backtracked into "Maximum call stack size exceeded".
    fs.writeFileSync(file, text.replace('"User prefers oolong tea"', `"${'y'.repeat(10_000_000)}"`));
    await expect(importMirror(memory, { dir })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/memories\.\d+\.content: must be at most \d+ bytes/u) });
    // An escape JSON does not know: JSON.parse's own SyntaxError.
    fs.writeFileSync(file, text.replace('"User prefers oolong tea"', '"User prefers \\x tea"'));
    await expect(importMirror(memory, { dir })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/line \d+: invalid string/u) });
    // Brackets nested 100,000 deep: a stack frame each.
    fs.writeFileSync(file, text.replace('"context": {', `"deep": ${'['.repeat(100_000)}${']'.repeat(100_000)}, "context": {`));
    await expect(importMirror(memory, { dir })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('nested deeper than') });
    // A link to a device (a folder someone handed over): read whole, /dev/zero never ended and memory grew without bound.
    fs.rmSync(file);
    fs.symlinkSync('/dev/zero', file);
    await expect(importMirror(memory, { dir })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('not a regular file') });
    expect(await memory.recall({ limit: 100 })).toEqual(before);
  });

  it('a context key __proto__ in index.json is a VALIDATION_ERROR naming where it is, as at every other input (it was dropped with what it held)', async () => {
    const dir = path.join(temp.home, 'mirror');
    await exportMirror(memory, { dir });
    const file = path.join(dir, 'index.json');
    const before = await memory.recall({ limit: 100 });
    const text = fs.readFileSync(file, 'utf8');
    for (const context of ['"context": { "__proto__": { "room": "4B" }, ', '"context": { "where": { "constructor": 1 }, ']) {
      expect(text).toContain('"context": {');
      fs.writeFileSync(file, text.replace('"context": {', context));
      await expect(importMirror(memory, { dir }), context).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/(line \d+: |memories\.\d+\.context: ).*must not hold the key "(__proto__|constructor)"/u) });
    }
    expect(await memory.recall({ limit: 100 })).toEqual(before);
  });

  it('an entry whose text a stored memory says word for word is reported as already stored, and what it supersedes points at the stored one (the import failed with NOT_FOUND)', async () => {
    const dir = path.join(temp.home, 'mirror');
    await exportMirror(memory, { dir });
    const index = readIndex(dir);
    const moment = index.memories.find((entry) => entry.id === ids.moment)!;
    const copy = { ...moment, id: 'copy-1' };
    const older = { ...moment, id: 'older-1', content: 'User once said thanks', supersededBy: 'copy-1' };
    fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ ...index, memories: [...index.memories, copy, older] }, null, 2));
    const report = await importMirror(memory, { dir });
    expect([report.created, report.alreadyStored]).toEqual([['older-1'], [{ id: 'copy-1', existingId: ids.moment }]]);
    expect((await memory.store.getMany({ agentId: memory.agentId }, ['older-1', 'copy-1'])).map((record) => [record.id, record.supersededBy])).toEqual([['older-1', ids.moment]]);
  });

  it('a supersededBy naming the entry itself, a cycle or no memory at all is a VALIDATION_ERROR naming it; one naming a forgotten memory is dropped', async () => {
    const dir = path.join(temp.home, 'mirror');
    await exportMirror(memory, { dir });
    const index = readIndex(dir);
    const saved = JSON.stringify(index, null, 2);
    const moment = index.memories.find((entry) => entry.id === ids.moment)!;
    const before = await memory.recall({ limit: 100 });
    const write = (memories: MirrorIndex['memories']) => fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ ...index, memories }, null, 2));
    write([...index.memories, { ...moment, id: 'self-1', content: 'a', supersededBy: 'self-1' }]);
    await expect(importMirror(memory, { dir })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/memories\.\d+\.supersededBy: a memory cannot supersede itself/u) });
    write([...index.memories, { ...moment, id: 'loop-1', content: 'a', supersededBy: 'loop-2' }, { ...moment, id: 'loop-2', content: 'b', supersededBy: 'loop-1' }]);
    await expect(importMirror(memory, { dir })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('would end up superseding itself') });
    write([...index.memories, { ...moment, id: 'orphan-1', content: 'a', supersededBy: 'nobody' }]);
    await expect(importMirror(memory, { dir })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('supersededBy: nobody is neither') });
    expect(await memory.recall({ limit: 100 })).toEqual(before);
    // The memory that superseded Lisbon is forgotten (the store clears the link); the saved file still names it.
    const porto = index.memories.find((entry) => entry.content === 'User lives in Porto')!;
    await memory.forget([porto.id]);
    fs.writeFileSync(path.join(dir, 'index.json'), saved);
    const report = await importMirror(memory, { dir });
    expect(report.skippedForgotten).toEqual([porto.id]);
    const lisbon = index.memories.find((entry) => entry.content === 'User lives in Lisbon')!;
    expect((await memory.store.getMany({ agentId: memory.agentId }, [lisbon.id]))[0]?.supersededBy).toBeNull();
  });

  it('an id longer than any call takes, or holding U+0000, is refused naming its line (it was imported and then could not be forgotten by id)', async () => {
    const dir = path.join(temp.home, 'mirror');
    await exportMirror(memory, { dir });
    const index = readIndex(dir);
    const moment = index.memories.find((entry) => entry.id === ids.moment)!;
    // '.' and '..' as well: a URL …/memories/.. is normalised away, so no HTTP route could reach such a memory (probe).
    for (const id of ['L'.repeat(200), 'a\u0000b', '.', '..']) {
      fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ ...index, memories: [...index.memories, { ...moment, id, content: 'A memory under an odd id' }] }, null, 2));
      await expect(importMirror(memory, { dir })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/line \d+: memories\.\d+\.id/u) });
    }
    expect((await memory.recall({ limit: 100 })).map((record) => record.content)).not.toContain('A memory under an odd id');
  });

  it('a missing index.json, or a folder by that name, is a CONFIG_ERROR naming it (it was a bare ENOENT or EISDIR)', async () => {
    const missing = path.join(temp.home, 'no-mirror');
    await expect(importMirror(memory, { dir: missing })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining(path.join(missing, 'index.json')) });
    const folder = path.join(temp.home, 'folder-mirror');
    fs.mkdirSync(path.join(folder, 'index.json'), { recursive: true });
    await expect(importMirror(memory, { dir: folder })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('EISDIR') });
  });

  it('names the line of an invalid edit and changes nothing', async () => {
    const dir = path.join(temp.home, 'memory');
    await exportMirror(memory, { dir });
    const file = path.join(dir, 'index.json');
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const importanceLine = lines.findIndex((line) => line.includes('"importance": 0.83')) + 1;
    fs.writeFileSync(file, text.replace('"importance": 0.83', '"importance": 1.83'));
    await expect(importMirror(memory, { dir })).rejects.toThrow(new RegExp(`line ${importanceLine}: memories\\.\\d+\\.importance`));
    fs.writeFileSync(file, text.replace('"importance": 0.83,', '"importance": 0.9'));
    await expect(importMirror(memory, { dir })).rejects.toThrow(new RegExp(`line ${importanceLine + 1}: expected ","`));
    expect((await memory.get(ids.tea)).importance).toBe(0.83);
  });
});
