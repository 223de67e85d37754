import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { createOfflineFactExtractor } from '../facts/offline-fact-extractor.ts';
import { createRuleFactClassifier } from '../facts/fact-classifier.ts';
import { rememberFacts } from '../facts/remember-facts.ts';
import { bandsFor } from '../facts/similarity-bands.ts';
import { createKnowledgeGraph } from '../graph/knowledge-graph.ts';
import { appendLines } from '../live/live-test-helpers.ts';
import { createLiveWatcher } from '../live/live-watcher.ts';
import { exportMirror } from '../live/mirror-export.ts';
import { importMirror } from '../live/mirror-import.ts';
import { createTranscriptSource } from '../live/transcript-source.ts';
import { createMcpServer } from '../mcp/create-mcp-server.ts';
import { createSkillLibrary } from '../skills/skill-library.ts';
import { createHippoTools } from '../tools/create-hippo-tools.ts';
import type { SqliteBackend } from '../stores/sqlite/sqlite-backend.ts';
import { createSqliteSkillStore } from '../stores/sqlite/skill-store.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createHttpAppFixture } from '../testing/http-app-fixture.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { eachTestEngine, type TempEngine } from '../testing/temp-engine.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { describeConversation, parseTranscript } from '../working/conversation-features.ts';
import { openAgentWorkingMemory } from '../working/working-snapshot.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

const LOCKER = 'My locker code is ZEBRA-7431-quokka';
const OTHER = [
  { type: 'decision' as const, content: 'We deploy on Tuesdays after the canary is green' },
  { type: 'observation' as const, content: 'Ada prefers her coffee black and her standups short' },
];

const allBytes = allBytesUnder;

/** The words of `text` (3+ characters) that occur nowhere under `directory` yet: the ones a forget must take away again. */
function wordsFoundNowhereElse(text: string, directory: string): string[] {
  const before = allBytes(directory);
  return [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((word) => word.length >= 3 && !before.includes(word));
}

/** Terms the FTS5 index still holds (its pages prefix-compress terms, so a byte scan alone could miss one). */
function indexedTerms(memory: Hippocampus): Set<string> {
  const db = (memory.backend as SqliteBackend).pool.connection(memory.agentId);
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_terms USING fts5vocab(main, memories_fts, row)');
  return new Set(db.prepare('SELECT term FROM temp.fts_terms').pluck().all() as string[]);
}

function expectNoTrace(home: string, memory: Hippocampus, sentence: string, words: readonly string[]): void {
  const bytes = allBytes(home);
  expect(bytes).not.toContain(sentence.toLowerCase());
  expect(words.length).toBeGreaterThan(0);
  for (const word of words) expect(bytes, `"${word}" survives on disk`).not.toContain(word);
  const terms = indexedTerms(memory);
  for (const word of words) expect(terms.has(word), `"${word}" is still an FTS5 term`).toBe(false);
}

let home: TempEngine['home'];
let memory: Hippocampus;

eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), async (opened) => {
  ({ home, memory } = opened);
  await memory.rememberMany(OTHER, { longTerm: true });
});

describe('forgetting is complete', () => {
  it('library forget([id]): no byte of the sentence or of its own words stays under the home', async () => {
    const words = wordsFoundNowhereElse(LOCKER, home.home);
    expect(words).toEqual(expect.arrayContaining(['zebra', '7431', 'quokka', 'locker']));
    const [stored] = await memory.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
    expect(allBytes(home.home)).toContain('quokka');
    expect(indexedTerms(memory).has('quokka')).toBe(true);

    expect(await memory.forget([stored!.memory.id])).toEqual([stored!.memory.id]);

    expectNoTrace(home.home, memory, LOCKER, words);
    expect(await memory.store.count({ agentId: 'ada' })).toBe(OTHER.length);
  });

  it('a chat turn forgotten between two others leaves their context field too (the words neighbours were indexed with)', async () => {
    const words = wordsFoundNowhereElse(LOCKER, home.home);
    const [before, turn, after] = await memory.rememberMany(
      [
        { type: 'chat', content: 'Can you remind me of something later?' },
        { type: 'chat', content: LOCKER },
        { type: 'chat', content: 'Sure, noted for later.' },
      ],
      { longTerm: true },
    );
    expect(after!.memory.context.replyTo).toBe(turn!.memory.id);
    // Indexed with their neighbour's words: a keyword search for them finds all three turns.
    const found = await memory.recallRelevant('quokka', { mode: 'keyword', recordAccess: false });
    expect(new Set(found.map((result) => result.memory.id))).toEqual(new Set([before!.memory.id, turn!.memory.id, after!.memory.id]));

    await memory.forget([turn!.memory.id]);

    expectNoTrace(home.home, memory, LOCKER, words);
    expect(await memory.recallRelevant('quokka', { mode: 'keyword', recordAccess: false })).toEqual([]);
    expect((await memory.store.getMany({ agentId: 'ada' }, [before!.memory.id, after!.memory.id])).length).toBe(2);
  });

  it('a chat turn forgotten after later turns rewrote its neighbours one batch at a time leaves no trace of it in their index entries', async () => {
    const words = wordsFoundNowhereElse(LOCKER, home.home);
    // Each turn its own write: the turn before is re-indexed with each new neighbour, so the locker's words
    // sit in several successive index entries of its neighbours before it is forgotten.
    const said = ['Can you remind me of something later?', LOCKER, 'Sure, noted for later.', 'Thanks, that is all for now.', 'Anytime, have a good evening.'];
    const stored = [];
    for (const content of said) stored.push(...(await memory.rememberMany([{ type: 'chat', content }], { longTerm: true })));
    expect(stored[2]!.memory.context.replyTo).toBe(stored[1]!.memory.id);
    await memory.forget([stored[1]!.memory.id]);
    expectNoTrace(home.home, memory, LOCKER, words);
    expect(await memory.recallRelevant('quokka zebra locker', { mode: 'keyword', recordAccess: false })).toEqual([]);
  });

  it('the locker case: the raw memory takes the remember_facts facts and the watcher memories made from the same text with it', async () => {
    const words = wordsFoundNowhereElse(LOCKER, home.home);
    const [raw] = await memory.rememberMany([{ type: 'chat', content: LOCKER }], { longTerm: true });
    const facts = await rememberFacts({ memory, extractor: createOfflineFactExtractor(), classifier: createRuleFactClassifier(), bands: bandsFor(memory.embedder) }, LOCKER);
    expect(facts.facts.length).toBeGreaterThan(0);
    const transcript = path.join(home.home, 'chat.jsonl');
    appendLines(transcript, [{ id: 'm1', role: 'user', content: LOCKER, timestamp: '2026-01-05T09:00:00Z' }]);
    const [batch] = await createLiveWatcher({ memory, source: createTranscriptSource({ file: transcript }) }).runOnce();
    expect(batch!.created.length).toBeGreaterThan(0);
    fs.rmSync(transcript); // the host's own transcript is not the engine's to delete
    const derived = [...facts.facts.map((fact) => fact.memoryId), ...batch!.created];
    expect(new Set(await memory.derivedFrom([raw!.memory.id]))).toEqual(new Set(derived));
    expect((await memory.recallRelevant('locker code')).length).toBeGreaterThan(0);

    const forgotten = await memory.forget([raw!.memory.id]);

    expect(new Set(forgotten)).toEqual(new Set([raw!.memory.id, ...derived]));
    expect((await memory.recallRelevant('locker code zebra quokka')).map((result) => result.memory.content)).not.toContainEqual(expect.stringMatching(/quokka/i));
    expectNoTrace(home.home, memory, LOCKER, words);
  });

  it('a text holding U+0000: the raw memory still takes the remember_facts facts and the watcher memories made from it (their hash was of the text with it)', async () => {
    const said = 'My locker code is \u0000ZEBRA-7431-quokka';
    const [raw] = await memory.rememberMany([{ type: 'chat', content: said }], { longTerm: true });
    const facts = await rememberFacts({ memory, extractor: createOfflineFactExtractor(), classifier: createRuleFactClassifier(), bands: bandsFor(memory.embedder) }, said);
    expect(facts.facts.length).toBeGreaterThan(0);
    expect(JSON.stringify(facts)).not.toContain('\\u0000');
    const transcript = path.join(home.home, 'chat.jsonl');
    appendLines(transcript, [{ id: 'm1', role: 'user', content: said, timestamp: '2026-01-05T09:00:00Z' }]);
    const [batch] = await createLiveWatcher({ memory, source: createTranscriptSource({ file: transcript }) }).runOnce();
    fs.rmSync(transcript);
    expect(batch!.created.length).toBeGreaterThan(0);
    const derived = [...facts.facts.map((fact) => fact.memoryId), ...batch!.created];
    expect(new Set(await memory.forget([raw!.memory.id]))).toEqual(new Set([raw!.memory.id, ...derived]));
  });

  it('forget_memory over MCP (in-memory transport): store a sentence, forget it, nothing of it left', async () => {
    const words = wordsFoundNowhereElse(LOCKER, home.home);
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await createMcpServer({ memory, forgetThreshold: 0.6 }).connect(serverTransport);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientTransport);
    const call = async (name: string, args: Record<string, unknown>) =>
      JSON.parse((((await client.callTool({ name, arguments: args })).content as { text: string }[])[0]!).text) as Record<string, unknown>;
    await call('store_memory', { content: LOCKER });
    await call('remember_facts', { text: LOCKER });
    const report = await call('forget_memory', { description: 'my locker code ZEBRA-7431-quokka' });
    expect(report.deleted).toBeGreaterThanOrEqual(2);
    await client.close();
    expectNoTrace(home.home, memory, LOCKER, words);
  });

  it('forget_memory names the memory-block line that still says it; removing it with replace_memory_block leaves no trace either', async () => {
    const words = wordsFoundNowhereElse(LOCKER, home.home);
    const tools = Object.fromEntries(createHippoTools({ memory }).map((tool) => [tool.name, tool]));
    const line = `Locker: ${LOCKER}`;
    await tools.append_memory_block!.execute({ key: 'human', text: 'Prefers short answers' });
    await tools.append_memory_block!.execute({ key: 'human', text: line });
    const stored = (await tools.store_memory!.execute({ content: LOCKER })) as { ok: true; data: { id: string } };
    const report = (await tools.forget_memory!.execute({ ids: [stored.data.id] })) as { ok: true; data: { stillInBlocks: { key: string; lines: string[] }[] } };
    expect(report.data.stillInBlocks).toEqual([{ key: 'human', lines: [line] }]);
    expect(await tools.replace_memory_block!.execute({ key: 'human', find: `\n${line}`, replace: '' })).toMatchObject({ ok: true });
    expect(await tools.recall_memory_block!.execute({ key: 'human' })).toMatchObject({ ok: true, data: { value: 'Prefers short answers' } });
    expectNoTrace(home.home, memory, LOCKER, words);
  });

  it('an edit that takes a secret out of a memory leaves no trace of it, nor in its neighbours\' index entries', async () => {
    const words = wordsFoundNowhereElse(LOCKER, home.home);
    const [, turn] = await memory.rememberMany(
      [
        { type: 'chat', content: 'Can you remind me of something later?' },
        { type: 'chat', content: LOCKER },
        { type: 'chat', content: 'Sure, noted for later.' },
      ],
      { longTerm: true },
    );
    expect(allBytes(home.home)).toContain('quokka');

    const edited = await memory.update(turn!.memory.id, { content: 'My locker code changed, ask me again' });

    expect(edited.content).toBe('My locker code changed, ask me again');
    expectNoTrace(home.home, memory, LOCKER, words.filter((word) => word !== 'locker'));
    expect(await memory.recallRelevant('quokka', { mode: 'keyword', recordAccess: false })).toEqual([]);
  });

  it('an edit that takes a secret out of a memory takes it out of an exported mirror too, which then holds the memory as edited', async () => {
    const [stored] = await memory.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
    const mirror = path.join(home.home, 'mirror-edit');
    await exportMirror(memory, { dir: mirror });
    expect(allBytes(mirror)).toContain('quokka');

    await memory.update(stored!.memory.id, { content: 'My locker code changed, ask me again' });

    // The database lost the text; the mirror kept it in index.json and its Markdown (probe).
    expect(allBytes(mirror)).not.toContain('quokka');
    const index = JSON.parse(fs.readFileSync(path.join(mirror, 'index.json'), 'utf8')) as { memories: { id: string; content: string }[] };
    expect(index.memories.find((entry) => entry.id === stored!.memory.id)?.content).toBe('My locker code changed, ask me again');
    expect(index.memories.map((entry) => entry.content)).toContain('We deploy on Tuesdays after the canary is green');
  });

  it('graph relations and entities only the memory supported go with it; a skill keeps its code but not the link to it', async () => {
    const sentence = 'I moved to Quokkaville.';
    const words = wordsFoundNowhereElse(sentence, home.home);
    const [stored] = await memory.rememberMany([{ type: 'chat', content: sentence }], { longTerm: true });
    const graph = createKnowledgeGraph({ memory });
    await graph.linkMemories();
    expect((await graph.entities()).map((entity) => entity.name)).toContain('Quokkaville');
    const skills = createSqliteSkillStore({ pool: (memory.backend as SqliteBackend).pool });
    const library = createSkillLibrary({ agentId: 'ada', store: skills, embedder: null });
    const { skill } = await library.addSkill({ name: 'pack-boxes', description: 'Pack moving boxes', code: 'pack --all', language: 'shell', createdFrom: [stored!.memory.id] });

    await memory.forget([stored!.memory.id]);

    expect((await graph.entities()).map((entity) => entity.name)).not.toContain('Quokkaville');
    expect(await graph.relations({ subject: 'user', predicate: 'lives_in' })).toEqual([]);
    const kept = await skills.get({ agentId: 'ada' }, skill.id);
    expect(kept?.skill).toMatchObject({ code: 'pack --all', createdFrom: [] });
    expectNoTrace(home.home, memory, sentence, words);
  });

  it('the CLI forget leaves no trace either', async () => {
    // The CLI opens agents with the default embedder: this agent is made without vectors so it can.
    const cliAgent = await createHippocampus({ home: home.home, agentId: 'cli', embedder: null });
    await cliAgent.rememberMany(OTHER, { longTerm: true });
    const words = wordsFoundNowhereElse(LOCKER, home.home);
    const [stored] = await cliAgent.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
    await cliAgent.stop();
    let stderr = '';
    const code = await main(['node', 'hippocampus', '--home', home.home, '--agent', 'cli', 'forget', stored!.memory.id], { stdout: () => undefined, stderr: (text) => (stderr += text) });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const reopened = await createHippocampus({ home: home.home, agentId: 'cli', embedder: null });
    try {
      expectNoTrace(home.home, reopened, LOCKER, words);
    } finally {
      await reopened.stop();
    }
  });

  it('an exported mirror is rewritten without the forgotten memory, and a stale copy never re-imports it', async () => {
    const [stored] = await memory.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
    const mirror = path.join(home.home, 'mirror');
    const stale = path.join(home.home, 'stale-copy');
    await exportMirror(memory, { dir: mirror });
    fs.mkdirSync(stale);
    fs.copyFileSync(path.join(mirror, 'index.json'), path.join(stale, 'index.json'));
    expect(fs.readFileSync(path.join(mirror, 'index.json'), 'utf8')).toContain('quokka');

    await memory.forget([stored!.memory.id]);

    const rewritten = fs.readdirSync(mirror, { recursive: true }).map((file) => path.join(mirror, String(file))).filter((file) => fs.statSync(file).isFile());
    for (const file of rewritten) expect(fs.readFileSync(file, 'utf8').toLowerCase(), file).not.toContain('quokka');
    expect(fs.readFileSync(path.join(mirror, 'index.json'), 'utf8')).toContain('canary');
    const report = await importMirror(memory, { dir: stale });
    expect(report.skippedForgotten).toEqual([stored!.memory.id]);
    expect(await memory.store.getMany({ agentId: 'ada' }, [stored!.memory.id])).toEqual([]);
  });

  it('a registered mirror whose index.json cannot be read refuses the forget with nothing deleted, naming the file; rewritten by an export, it is scrubbed', async () => {
    const [stored] = await memory.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
    const mirror = path.join(home.home, 'mirror-edited');
    await exportMirror(memory, { dir: mirror });
    const index = path.join(mirror, 'index.json');
    // A hand edit that left the file no index (the mirror is for people to read and edit): the forget skipped
    // the mirror without a word, and its Markdown and index.json kept the sentence.
    for (const damage of [(text: string) => text.replace(/"importance": [\d.]+/, '"importance": "high"'), (text: string) => `${text.trimEnd()},`]) {
      fs.writeFileSync(index, damage(fs.readFileSync(index, 'utf8')));
      await expect(memory.forget([stored!.memory.id])).rejects.toMatchObject({ code: 'DATABASE_CORRUPT', message: expect.stringContaining(index) });
      expect(await memory.store.getMany({ agentId: 'ada' }, [stored!.memory.id])).toHaveLength(1);
      await exportMirror(memory, { dir: mirror });
    }

    await memory.forget([stored!.memory.id]);

    expect(allBytes(mirror)).not.toContain('quokka');
  });

  it('a registered mirror whose index.json was deleted while its Markdown stays refuses the forget with nothing deleted; emptied, or written anew, it does not', async () => {
    const [stored] = await memory.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
    const mirror = path.join(home.home, 'mirror-without-index');
    await exportMirror(memory, { dir: mirror });
    const index = path.join(mirror, 'index.json');
    fs.rmSync(index);
    // Skipped as a mirror with nothing to rewrite, it kept the sentence in its Markdown without a word (probe).
    expect(allBytes(mirror)).toContain('quokka');
    await expect(memory.forget([stored!.memory.id])).rejects.toMatchObject({ code: 'DATABASE_CORRUPT', message: expect.stringContaining(index) });
    expect(await memory.store.getMany({ agentId: 'ada' }, [stored!.memory.id])).toHaveLength(1);

    await exportMirror(memory, { dir: mirror });
    await memory.forget([stored!.memory.id]);
    expect(allBytes(mirror)).not.toContain('quokka');

    const [again] = await memory.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
    await exportMirror(memory, { dir: mirror });
    fs.rmSync(mirror, { recursive: true });
    fs.mkdirSync(mirror);
    expect(await memory.forget([again!.memory.id])).toEqual([again!.memory.id]);
  });

  it("a mirror folder the forgotten memory was the last one in is rewritten too (other/ is written only when it has memories)", async () => {
    const bo = await createHippocampus({ home: home.home, agentId: 'bo', embedder: createHashEmbedder() });
    try {
      await bo.rememberMany([{ type: 'decision', content: 'We deploy on Tuesdays after the canary is green', domain: 'world' }], { longTerm: true });
      const [stored] = await bo.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
      const mirror = path.join(home.home, 'mirror-bo');
      await exportMirror(bo, { dir: mirror });
      expect(fs.readFileSync(path.join(mirror, 'other', 'memories.md'), 'utf8')).toContain('quokka');

      await bo.forget([stored!.memory.id]);

      expect(allBytes(mirror)).not.toContain('quokka');
      expect(fs.readFileSync(path.join(mirror, 'world', 'memories.md'), 'utf8')).toContain('canary');
    } finally {
      await bo.stop();
    }
  });

  it("the CLI's and server's working memory (memory/working.json) loses the conversations holding the forgotten text", async () => {
    const embedder = createHashEmbedder();
    const working = await openAgentWorkingMemory({ home: home.home, agentId: 'ada', embedder });
    const conversation = async (conversationId: string, text: string) =>
      working.store.store({ agentId: 'ada' }, await describeConversation({ conversationId, timestamp: Date.now(), turns: parseTranscript(text) }, embedder));
    await conversation('locker', `user: ${LOCKER}\nassistant: noted`);
    await conversation('standup', 'user: the standup moved to ten\nassistant: noted');
    await working.close();
    const snapshot = path.join(home.home, 'agents', 'ada', 'memory', 'working.json');
    expect(fs.readFileSync(snapshot, 'utf8')).toContain('quokka');
    const [stored] = await memory.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });

    await memory.forget([stored!.memory.id]);

    expect(allBytes(home.home)).not.toContain('quokka');
    const reopened = await openAgentWorkingMemory({ home: home.home, agentId: 'ada', embedder, readOnly: true });
    expect((await reopened.store.getAll({ agentId: 'ada' })).map((kept) => kept.conversationId)).toEqual(['standup']);
    await reopened.close();
  });

  it('a working memory held open across a forget (serve\'s nightly consolidation) does not write the forgotten conversation back, and keeps what others added', async () => {
    const embedder = createHashEmbedder();
    const conversation = async (store: Awaited<ReturnType<typeof openAgentWorkingMemory>>, conversationId: string, text: string) =>
      store.store.store({ agentId: 'ada' }, await describeConversation({ conversationId, timestamp: Date.now(), turns: parseTranscript(text) }, embedder));
    const first = await openAgentWorkingMemory({ home: home.home, agentId: 'ada', embedder });
    await conversation(first, 'locker', `user: ${LOCKER}\nassistant: noted`);
    await conversation(first, 'standup', 'user: the standup moved to ten\nassistant: noted');
    await first.close();
    // Held open from here (as a consolidation holds it) while a forget rewrites the file and another process adds one.
    const held = await openAgentWorkingMemory({ home: home.home, agentId: 'ada', embedder });
    await conversation(held, 'lunch', 'user: lunch is at noon on Fridays\nassistant: noted');
    const [stored] = await memory.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
    await memory.forget([stored!.memory.id]);
    const other = await openAgentWorkingMemory({ home: home.home, agentId: 'ada', embedder });
    await conversation(other, 'parking', 'user: I park on level three\nassistant: noted');
    await other.close();

    await held.close();

    expect(allBytes(home.home)).not.toContain('quokka');
    const reopened = await openAgentWorkingMemory({ home: home.home, agentId: 'ada', embedder, readOnly: true });
    expect((await reopened.store.getAll({ agentId: 'ada' })).map((kept) => kept.conversationId).sort()).toEqual(['lunch', 'parking', 'standup']);
    await reopened.close();
  });

  it('session logs keep ids and reasons, never content; logs of older versions lose their previews at the next forget', async () => {
    const logs = path.join(home.home, 'agents', 'ada', 'sessions', 's-old', 'logs');
    fs.mkdirSync(logs, { recursive: true });
    fs.writeFileSync(path.join(logs, 'events.jsonl'), `${JSON.stringify({ at: 1, event: 'pruned', id: 'x', type: 'chat', importance: 0.1, reason: 'weak', preview: 'My locker code is ZEBRA-7431' })}\n`);
    const [stored] = await memory.rememberMany([{ type: 'observation', content: 'Something to forget entirely' }], { longTerm: true });

    await memory.forget([stored!.memory.id]);

    const text = fs.readFileSync(path.join(logs, 'events.jsonl'), 'utf8');
    expect(text).not.toMatch(/zebra|preview/i);
    expect(JSON.parse(text.trim())).toEqual({ at: 1, event: 'pruned', id: 'x', type: 'chat', importance: 0.1, reason: 'weak' });
  });
});

describe('forgetting over HTTP', () => {
  it('POST /agents/:agent/forget {ids}: the preview lists the derived facts, the forget takes them and leaves no trace under the home', async () => {
    const fixture = await createHttpAppFixture({ memories: OTHER });
    try {
      const engine = await fixture.registry.get('ada');
      const words = wordsFoundNowhereElse(LOCKER, fixture.home);
      const [stored] = await engine.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
      const facts = await rememberFacts({ memory: engine, extractor: createOfflineFactExtractor(), classifier: createRuleFactClassifier(), bands: bandsFor(engine.embedder) }, LOCKER);
      const preview = (await (await fixture.json('/agents/ada/forget/preview', 'POST', { ids: [stored!.memory.id] })).json()) as { memories: { id: string }[] };
      const expected = [stored!.memory.id, ...facts.facts.map((fact) => fact.memoryId)];
      expect(preview.memories.map((entry) => entry.id).sort()).toEqual([...expected].sort());
      const response = await fixture.json('/agents/ada/forget', 'POST', { ids: [stored!.memory.id] });
      expect(response.status).toBe(200);
      expect((((await response.json()) as { deleted: string[] }).deleted).sort()).toEqual([...expected].sort());
      expectNoTrace(fixture.home, engine, LOCKER, words);
    } finally {
      await fixture.cleanup();
    }
  });

  it('a damaged mirror outside the home refuses the forget naming its file from the folder on, not by the path that says where the server keeps it', async () => {
    const fixture = await createHttpAppFixture({ memories: OTHER });
    const outside = createTempHome('hippocampus-private-layout-');
    try {
      const engine = await fixture.registry.get('ada');
      const [stored] = await engine.rememberMany([{ type: 'observation', content: LOCKER }], { longTerm: true });
      const mirror = path.join(outside.home, 'srv', 'team-mirror');
      await exportMirror(engine, { dir: mirror });
      fs.writeFileSync(path.join(mirror, 'index.json'), '{ "damaged": ');

      const response = await fixture.json('/agents/ada/forget', 'POST', { ids: [stored!.memory.id] });
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('DATABASE_CORRUPT');
      expect(body.error.message).toContain(`team-mirror${path.sep}index.json`);
      expect(JSON.stringify(body)).not.toContain(outside.home);
      expect(await engine.store.getMany({ agentId: 'ada' }, [stored!.memory.id])).toHaveLength(1);
    } finally {
      await fixture.cleanup();
      outside.cleanup();
    }
  });
});
