import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createProgram } from '../../cli/main.ts';
import { openAgentLayers } from '../../layers/agent-layers.ts';
import { createLiveWatcher } from '../../live/live-watcher.ts';
import { createTranscriptSource } from '../../live/transcript-source.ts';
import { createHippoTools } from '../../tools/create-hippo-tools.ts';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { createEngineRegistry } from '../../server/engine-registry.ts';
import { createHippocampus as createHippocampusFromEntry } from '../../index.ts';
import { createManualClock } from '../../core/system-clock.ts';
import { createHashEmbedder } from '../../testing/hash-embedder.ts';
import { postgresBinaries, startPgliteServer } from '../../testing/postgres-server.ts';
import { usePostgresServer } from '../../testing/postgres-suite.ts';
import { cliWith, withCliServer } from '../../testing/cli-server.ts';
import type { PostgresBackend } from './postgres-backend.ts';
import { runScript } from '../../testing/run-script.ts';
import { createHttpAppFixture } from '../../testing/http-app-fixture.ts';

const { home, server: running } = usePostgresServer('hippocampus-postgres-engine-');

/** The database's table and index files (under the data directory's base/) holding `needle`. */
function filesHolding(needle: string): string[] {
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (fs.readFileSync(file).includes(needle)) found.push(path.relative(running().dataDirectory!, file));
    }
  };
  walk(path.join(running().dataDirectory!, 'base'));
  return found;
}

describe.skipIf(postgresBinaries() === null)('the engine on PostgreSQL 15 (skipped: no PostgreSQL binaries; scripts/setup-system.sh installs them)', () => {
  it('remembers, recalls by meaning and keywords, and forgets completely, chosen by a store URL', async () => {
    const memory = await createHippocampus({ home, agentId: 'ada', store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) });
    try {
      expect(memory.store.dialect).toBe('postgres');
      const { memory: locker } = await memory.remember({ type: 'observation', content: 'My locker code is ZEBRA-7431-quokka', importance: 0.9 });
      await memory.rememberMany([
        { type: 'decision', content: 'We chose PostgreSQL for the billing service', importance: 0.8 },
        { type: 'chat', content: 'The weather in Lisbon was lovely today' },
      ]);
      const found = await memory.recallRelevant('which database for billing?', { limit: 2 });
      expect(found[0]?.memory.content).toBe('We chose PostgreSQL for the billing service');
      expect((await memory.recallRelevant('locker code', { limit: 1 }))[0]?.memory.id).toBe(locker.id);
      await memory.forget([locker.id]);
      expect(await memory.recallRelevant('zebra quokka locker', { limit: 5 })).toSatisfy((hits: { memory: { id: string } }[]) => hits.every((hit) => hit.memory.id !== locker.id));
      await expect(memory.get(locker.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await memory.stop();
    }
    // Another engine on the same database sees what was kept; another agent sees nothing.
    const again = await createHippocampus({ home, agentId: 'ada', store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) });
    const other = await createHippocampus({ home, agentId: 'bob', store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) });
    try {
      expect((await again.stats()).total).toBe(2);
      expect(await other.recallRelevant('PostgreSQL billing', { limit: 5 })).toEqual([]);
    } finally {
      await again.stop();
      await other.stop();
    }
  });

  it('a filter whose operand cannot compare with the field, or too large for one statement, is INVALID_FILTER as on SQLite (was a STORE_ERROR or a cast)', async () => {
    const memory = await createHippocampus({ home, agentId: 'filters', store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) });
    try {
      await memory.rememberMany([{ type: 'decision', content: 'We chose PostgreSQL for the billing service', importance: 0.8 }], { longTerm: true });
      for (const filter of [{ importance: { $gt: 'abc' } }, { importance: { $gt: '0.5' } }, { createdAt: { $gte: '2024-01-01' } }, { source: { $in: Array.from({ length: 70_000 }, (_, index) => `s${index}`) } }]) {
        await expect(memory.recallRelevant('billing', { filter }), JSON.stringify(filter).slice(0, 60)).rejects.toMatchObject({ code: 'INVALID_FILTER' });
      }
      expect(await memory.recallRelevant('billing', { filter: { importance: { $gt: 0.5 } } })).toHaveLength(1);
    } finally {
      await memory.stop();
    }
  });

  it('a filter operand holding U+0000 finds what was stored from it, on PostgreSQL as on SQLite (was a STORE_ERROR on PostgreSQL, nothing found on SQLite)', async () => {
    const answers: string[][] = [];
    for (const store of [running().url, 'sqlite']) {
      const memory = await createHippocampus({ home, agentId: 'nul-filter', store, embedder: createHashEmbedder({ dimensions: 64 }) });
      try {
        await memory.rememberMany([{ type: 'decision', content: 'We chose PostgreSQL for the billing service', tags: ['bill\u0000ing'], context: { team: 'pay\u0000ments' } }], { longTerm: true });
        const found = [];
        for (const filter of [{ tags: { $in: ['bill\u0000ing'] } }, { tags: 'bill\u0000ing' }, { 'context.team': { $eq: 'pay\u0000ments' } }, { tags: { $nin: ['bill\u0000ing'] } }]) {
          found.push((await memory.recallRelevant('billing', { filter })).map((result) => result.memory.content).join());
        }
        answers.push(found);
      } finally {
        await memory.stop();
      }
    }
    expect(answers[0]).toEqual(['We chose PostgreSQL for the billing service', 'We chose PostgreSQL for the billing service', 'We chose PostgreSQL for the billing service', '']);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('an id, tag, domain, text or related context holding U+0000 is answered on PostgreSQL as on SQLite (each was a STORE_ERROR on PostgreSQL)', async () => {
    const answers: string[][] = [];
    for (const store of [running().url, 'sqlite']) {
      const memory = await createHippocampus({ home, agentId: 'nul-operands', store, embedder: createHashEmbedder({ dimensions: 64 }) });
      try {
        await memory.rememberMany([{ type: 'decision', content: 'We chose PostgreSQL for billing', domain: 'ops', tags: ['billing'], context: { userId: 'ada' } }], { longTerm: true });
        const outcome = (promise: Promise<unknown>) =>
          promise.then(
            (value) => JSON.stringify(Array.isArray(value) ? value.map((record: { content?: string }) => record.content ?? record) : value),
            (error: { code?: string }) => error.code ?? 'untyped',
          );
        answers.push([
          await outcome(memory.get('01\u0000X')),
          await outcome(memory.forget(['01\u0000X'])),
          await outcome(memory.history('01\u0000X')),
          await outcome(memory.recall({ tags: ['bill\u0000ing'] })),
          await outcome(memory.recall({ domain: 'o\u0000ps' })),
          await outcome(memory.recall({ text: 'Postgre\u0000SQL' })),
          await outcome(memory.recallRelated({ userId: 'a\u0000da' })),
        ]);
      } finally {
        await memory.stop();
      }
    }
    const found = JSON.stringify(['We chose PostgreSQL for billing']);
    expect(answers[0]).toEqual(['VALIDATION_ERROR', 'VALIDATION_ERROR', 'VALIDATION_ERROR', found, found, found, found]);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('GET /agents/:agent/memories with a tag, domain, text or cursor holding U+0000 answers on PostgreSQL as on SQLite (it was a 500 STORE_ERROR)', async () => {
    const answers: string[][] = [];
    for (const store of [running().url, 'sqlite']) {
      const fixture = await createHttpAppFixture({ store, agentId: 'nul-listing', memories: [{ type: 'decision', content: 'We chose PostgreSQL for billing', domain: 'ops', tags: ['billing'] }] });
      try {
        const answer: string[] = [];
        for (const query of ['tags=bill%00ing', 'domain=o%00ps', 'text=Postgre%00SQL', 'cursor=01%00X']) {
          const response = await fixture.app.request(`/agents/nul-listing/memories?${query}`);
          const body = (await response.json()) as { memories?: { content: string }[]; error?: { code: string } };
          answer.push(`${response.status} ${body.error?.code ?? body.memories!.map((memory) => memory.content).join()}`);
        }
        answers.push(answer);
      } finally {
        await fixture.cleanup();
      }
    }
    expect(answers[0]).toEqual(['200 We chose PostgreSQL for billing', '200 We chose PostgreSQL for billing', '200 We chose PostgreSQL for billing', '400 VALIDATION_ERROR']);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('a skill holding U+0000 or a lone surrogate is learned the same on PostgreSQL as on SQLite (was a STORE_ERROR on PostgreSQL)', async () => {
    const learned: unknown[] = [];
    for (const store of [running().url, 'sqlite']) {
      const memory = await createHippocampus({ home, agentId: 'nul-skill', store, embedder: createHashEmbedder({ dimensions: 64 }) });
      try {
        const layers = await openAgentLayers(memory);
        try {
          const { skill } = await layers.skills!.addSkill({ name: 'restart\u0000-pump', description: 'restart the \ud800pump', code: 'pumpctl\u0000 restart', language: 'shell', inputs: [{ name: 'unit\u0000' }] });
          await layers.skills!.rewriteSkill(skill.id, { code: 'pumpctl restart --safe\u0000' }, 'safer\u0000');
          await layers.skills!.recordOutcome(skill.id, true, 'fine\u0000');
          const [found] = await layers.skills!.findSkills('restart the pump');
          // An id holding U+0000 names no skill (it was a STORE_ERROR on PostgreSQL).
          const codeOf = (attempt: Promise<unknown>) => attempt.then(() => 'found', (error: { code?: string }) => error.code ?? 'untyped');
          const missing = [await codeOf(layers.skills!.getSkill('01\u0000X')), await codeOf(layers.skills!.recordOutcome('01\u0000X', true)), await codeOf(layers.skills!.versions('01\u0000X'))];
          learned.push([found?.skill.name, found?.skill.description, found?.skill.code, found?.skill.inputs, found?.skill.successCount, missing]);
        } finally {
          await layers.close();
        }
      } finally {
        await memory.stop();
      }
    }
    expect(learned[0]).toEqual(['restart-pump', 'restart the \ufffdpump', 'pumpctl restart --safe', [{ name: 'unit' }], 1, ['SKILL_NOT_FOUND', 'SKILL_NOT_FOUND', 'SKILL_NOT_FOUND']]);
    expect(learned[1]).toEqual(learned[0]);
  });

  it('the CLI works on it with --store: remember, recall, memory search, stats, forget, and an unknown agent is NOT_FOUND', async () => {
    const cli = cliWith(['--home', home, '--store', running().url, '--json']);
    const remembered = await cli('--agent', 'cli-agent', 'remember', 'Grace prefers dark roast coffee', '--importance', '0.8');
    expect(remembered.code, remembered.stderr).toBe(0);
    const id = (JSON.parse(remembered.stdout) as { memory: { id: string } }).memory.id;
    expect((await cli('--agent', 'cli-agent', 'remember', 'The standup moved to 9:30')).code).toBe(0);
    const listed = await cli('--agent', 'cli-agent', 'recall');
    expect(listed.stdout).toContain('Grace prefers dark roast coffee');
    const searched = await cli('--agent', 'cli-agent', 'memory', 'search', '--query', 'what coffee does Grace like');
    expect(searched.code, searched.stderr).toBe(0);
    expect(searched.stdout).toContain(id);
    expect(JSON.parse((await cli('--agent', 'cli-agent', 'stats')).stdout)).toMatchObject({ total: 2 });
    expect((await cli('--agent', 'cli-agent', 'forget', id)).code).toBe(0);
    expect((await cli('--agent', 'cli-agent', 'memory', 'search', '--query', 'dark roast coffee')).stdout).not.toContain(id);
    const unknown = await cli('--agent', 'nobody-here', 'recall');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('nobody-here');
    // Refused before an engine opened: not even a bound model is left for the misspelled agent.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: running().url });
    await client.connect();
    const leftovers = await client.query("SELECT (SELECT count(*) FROM vector_models WHERE agent_id = 'nobody-here') + (SELECT count(*) FROM memories WHERE agent_id = 'nobody-here') AS n");
    await client.end();
    expect(Number(leftovers.rows[0].n)).toBe(0);
  }, 120_000);

  it('an agent whose only data is its working memory under --home is found, as on SQLite: working stats, a forget of its conversation over the CLI and HTTP (each was NOT_FOUND)', async () => {
    const cli = cliWith(['--home', home, '--store', running().url, '--json']);
    const stored = await cli('--agent', 'working-only', 'working', 'store', 'user: I adopted a cat named Miso\nassistant: lovely');
    expect(stored.code, stored.stderr).toBe(0);
    const conversationId = (JSON.parse(stored.stdout) as { conversation: { conversationId: string } }).conversation.conversationId;
    const stats = await cli('--agent', 'working-only', 'working', 'stats');
    expect(stats.code, stats.stderr).toBe(0);
    // The CLI bound the default embedder; the server opens it with the same.
    const registry = createEngineRegistry({ home, store: running().url });
    try {
      expect((await registry.get('working-only')).agentId).toBe('working-only');
      await expect(registry.get('working-nobody')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await registry.closeAll();
    }
    const forgotten = await cli('--agent', 'working-only', 'forget', conversationId);
    expect(forgotten.code, forgotten.stderr).toBe(0);
    expect(fs.readFileSync(path.join(home, 'agents', 'working-only', 'memory', 'working.json'), 'utf8')).not.toContain('Miso');
  });

  it('the live watcher analyzes each message once, the tools keep blocks and recall, the graph links, skills are learned, all on PostgreSQL', async () => {
    const file = path.join(home, 'chat.jsonl');
    const lines = [
      { role: 'user', content: 'I moved to Porto last spring and I work as a nurse at the children hospital.' },
      { role: 'assistant', content: 'That sounds rewarding!' },
      { role: 'user', content: 'Please remember this: I always want concise answers.' },
    ];
    fs.writeFileSync(file, lines.map((line, index) => JSON.stringify({ ...line, timestamp: Date.UTC(2026, 0, 1, 10, index) })).join('\n') + '\n');
    const memory = await createHippocampus({ home, agentId: 'watched', store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) });
    try {
      const watcher = createLiveWatcher({ memory, source: createTranscriptSource({ file }), batchSize: 2 });
      const reports = await watcher.runOnce();
      const created = reports.flatMap((report) => report.created);
      expect(created.length).toBeGreaterThan(0);
      expect(await watcher.runOnce()).toEqual([]);
      expect((await memory.backend.watermarks!.list({ agentId: 'watched' }))[0]?.position.line).toBe(3);
      expect((await memory.stats()).total).toBe(created.length);

      // The host's messages table in the same database: recall_conversation searches this agent's rows only.
      const scope = { agentId: 'watched' };
      await memory.backend.conversations!.createTable(scope, { table: 'chat_messages' });
      await memory.backend.conversations!.appendMessages(scope, { table: 'chat_messages', messages: lines.map((line, index) => ({ conversationId: 'c1', ...line, createdAt: Date.UTC(2026, 0, 1, 10, index) })) });
      await memory.backend.conversations!.appendMessages({ agentId: 'another' }, { table: 'chat_messages', messages: [{ role: 'user', content: 'My hospital shift moved to Porto', createdAt: 0 }] });
      const tools = new Map(createHippoTools({ memory, messagesTable: 'chat_messages' }).map((tool) => [tool.name, tool]));
      const conversation = await tools.get('recall_conversation')!.execute({ query: 'which hospital in Porto?' });
      expect(conversation).toMatchObject({ ok: true });
      expect(JSON.stringify(conversation)).toContain('children hospital');
      expect(JSON.stringify(conversation)).not.toContain('My hospital shift');
      expect(await tools.get('append_memory_block')!.execute({ key: 'human', text: 'Works night shifts.' })).toMatchObject({ ok: true });
      expect(await tools.get('recall_memory_block')!.execute({ key: 'human' })).toMatchObject({ ok: true, data: { value: expect.stringContaining('night shifts') } });
      const layers = await openAgentLayers(memory);
      try {
        await layers.graph!.linkMemories();
        expect((await layers.graph!.store.statistics({ agentId: 'watched' })).entities).toBeGreaterThan(0);
        const routed = await layers.router.route('where does the user work?');
        expect(routed.consulted.length).toBeGreaterThan(0);
      } finally {
        await layers.close();
      }
    } finally {
      await memory.stop();
    }
    const cli = cliWith(['--home', home, '--store', running().url, '--agent', 'skilled', '--json']);
    expect((await cli('skills', 'add', 'restart-pump', '--description', 'restart the infusion pump', '--code', 'pumpctl restart')).code).toBe(0);
    const found = JSON.parse((await cli('skills', 'find', 'infusion pump restart')).stdout) as { skill: { name: string } }[];
    expect(found[0]?.skill.name).toBe('restart-pump');
  }, 120_000);

  it('the CLI watches a transcript once, queries the graph and serves HTTP with --store', async () => {
    const file = path.join(home, 'cli-chat.jsonl');
    const said = ['My sister Ana lives in Lisbon and teaches piano.', 'Lovely!', 'I adopted a cat named Miso last week.'];
    fs.writeFileSync(file, said.map((content, index) => JSON.stringify({ role: index === 1 ? 'assistant' : 'user', content, timestamp: Date.UTC(2026, 0, 2, 9, index) })).join('\n') + '\n');
    const cli = cliWith(['--home', home, '--store', running().url, '--agent', 'cli-watched', '--json']);
    const watched = await cli('watch', '--source', file, '--once');
    expect(watched.code, watched.stderr).toBe(0);
    expect((JSON.parse(watched.stdout) as { created: number }).created).toBeGreaterThan(0);
    // Exactly once: the watermark lives in the database, so a second pass finds nothing new.
    expect((JSON.parse((await cli('watch', '--source', file, '--once')).stdout) as { created: number }).created).toBe(0);
    const graph = await cli('graph', 'query', 'where does Ana live?');
    expect(graph.code, graph.stderr).toBe(0);
    expect(graph.stdout).toContain('Lisbon');
    await withCliServer(['serve', '--home', home, '--store', running().url, '--port', '0', '--keyword-only'], {}, async (url) => {
      const json = { 'Content-Type': 'application/json' };
      const created = await fetch(`${url}/agents/served/memories`, { method: 'POST', headers: json, body: JSON.stringify({ type: 'decision', content: 'We deploy billing on Tuesdays only' }) });
      expect(created.status).toBe(201);
      const search = (await (await fetch(`${url}/agents/served/search`, { method: 'POST', headers: json, body: JSON.stringify({ query: 'when do we deploy billing?' }) })).json()) as { results: { memory: { content: string } }[] };
      expect(search.results[0]?.memory.content).toBe('We deploy billing on Tuesdays only');
      const agents = (await (await fetch(`${url}/agents`)).json()) as { agents: { id: string }[] };
      expect(agents.agents.map((agent) => agent.id)).toEqual(expect.arrayContaining(['served', 'cli-watched']));
    });
  }, 180_000);

  it("the CLI watches the store's own messages table (--messages-table) once, for its agent only, and forget_memory takes the message with the memory", async () => {
    const memory = await createHippocampus({ home, agentId: 'table-watched', store: running().url, embedder: null });
    const table = { table: 'chat_log' };
    const scope = { agentId: 'table-watched' };
    const messages = memory.backend.conversations!;
    await messages.createTable(scope, table);
    const [vault] = await messages.appendMessages(scope, { ...table, messages: [{ conversationId: 'c1', role: 'user', content: 'Please remember that the vault combination is seventeen purple elephants.', createdAt: Date.UTC(2026, 0, 2, 9) }] });
    // Another agent's message in the same table: never read for this agent.
    await messages.appendMessages({ agentId: 'someone-else' }, { ...table, messages: [{ role: 'user', content: 'Please remember that my locker code is 8812.', createdAt: Date.UTC(2026, 0, 2, 9) }] });
    await memory.stop();
    const cli = cliWith(['--home', home, '--store', running().url, '--agent', 'table-watched', '--json']);
    const watched = await cli('watch', '--messages-table', 'chat_log', '--once');
    expect(watched.code, watched.stderr + watched.stdout).toBe(0);
    expect(JSON.parse(watched.stdout)).toMatchObject({ messages: 1 });
    expect((JSON.parse((await cli('watch', '--messages-table', 'chat_log', '--once')).stdout) as { messages: number }).messages).toBe(0);
    const missing = await cli('watch', '--messages-table', 'no_such_table', '--once');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('CONFIG_ERROR');

    const reopened = await createHippocampus({ home, agentId: 'table-watched', store: running().url, embedder: null });
    try {
      const rows = await reopened.store.query(scope, {});
      expect(rows.map((row) => row.content).join(' ')).toContain('seventeen purple elephants');
      expect(rows.map((row) => row.content).join(' ')).not.toContain('8812');
      expect(rows.every((row) => row.context.messageId === `chat_log:${vault}`)).toBe(true);
      const tools = new Map(createHippoTools({ memory: reopened, messagesTable: 'chat_log' }).map((tool) => [tool.name, tool]));
      const forgotten = (await tools.get('forget_memory')!.execute({ description: 'the vault combination' })) as { ok: true; data: { deleted: number; messagesForgotten?: number } };
      expect(forgotten.data).toMatchObject({ deleted: rows.length, messagesForgotten: 1 });
      expect((await reopened.backend.conversations!.readMessages(scope, { ...table, afterId: 0, limit: 10 })).messages).toEqual([]);
    } finally {
      await reopened.stop();
    }
  }, 120_000);

  it('data migrate copies an agent from SQLite to PostgreSQL and back, every record, vector, block, skill and supersession intact', async () => {
    const sqliteHome = path.join(home, 'migrate-source');
    const backHome = path.join(home, 'migrate-back');
    const source = await createHippocampus({ home: sqliteHome, agentId: 'mover', embedder: createHashEmbedder({ dimensions: 64 }) });
    const results = await source.rememberMany(
      ['Ada lives in Lisbon', 'Ada lives in Porto now', 'Standup is at 9:30', 'The vault code is 4512'].map((content, index) => ({ type: 'observation' as const, content, importance: 0.5 + index / 10, tags: [`t${index}`] })),
      { longTerm: true },
    );
    const [lisbon, porto] = results.map((result) => result.memory);
    await source.store.updateMany({ agentId: 'mover' }, [{ id: lisbon!.id, patch: { supersededBy: porto!.id } }]);
    await source.backend.blocks!.putMany({ agentId: 'mover' }, [{ key: 'persona', value: 'Terse.', updatedAt: 1 }]);
    const skill = { id: 'skill-1', agentId: 'mover', name: 'deploy', description: 'ship', code: 'v1', language: 'bash', inputs: [], createdFrom: [porto!.id], version: 1, successCount: 2, failureCount: 1, lastUsedAt: 5, createdAt: 1, updatedAt: 1 };
    await source.backend.skills!.insert({ agentId: 'mover' }, { skill, embedding: null, embeddingModel: null });
    await source.backend.skills!.saveVersion({ agentId: 'mover' }, { skill: { ...skill, version: 2, code: 'v2', updatedAt: 2 }, embedding: null, embeddingModel: null }, 'better');
    const original = await source.store.query({ agentId: 'mover' }, { includeSuperseded: true, orderBy: 'id', direction: 'asc' });
    const originalVectors = await source.backend.vectors.vectorsOf({ agentId: 'mover' }, original.map((record) => record.id));
    await source.stop();

    const migrate = async (from: string, to: string, migrateHome: string) => {
      const { code, stdout, stderr } = await cliWith(['--home', migrateHome, '--agent', 'mover', '--json'])('data', 'migrate', '--from', from, '--to', to);
      expect(code, stderr).toBe(0);
      return JSON.parse(stdout) as { memories: number; vectors: number; blocks: number; skills: number; skillVersions: number };
    };
    expect(await migrate('sqlite', running().url, sqliteHome)).toMatchObject({ memories: 4, vectors: 4, blocks: 1, skills: 1, skillVersions: 2 });
    expect(await migrate(running().url, 'sqlite', backHome)).toMatchObject({ memories: 4, vectors: 4, blocks: 1, skills: 1 });
    // A second migrate into the now full target is refused and changes nothing.
    const again = await cliWith(['--home', sqliteHome, '--agent', 'mover'])('data', 'migrate', '--from', 'sqlite', '--to', running().url);
    expect(again.code).toBe(1);

    for (const [store, storeHome] of [[running().url, home], ['sqlite', backHome]] as const) {
      const copy = await createHippocampus({ home: storeHome, agentId: 'mover', store, embedder: createHashEmbedder({ dimensions: 64 }) });
      try {
        expect(await copy.store.query({ agentId: 'mover' }, { includeSuperseded: true, orderBy: 'id', direction: 'asc' })).toEqual(original);
        const vectors = await copy.backend.vectors.vectorsOf({ agentId: 'mover' }, original.map((record) => record.id));
        for (const [id, vector] of originalVectors) expect(Array.from(vectors.get(id)!)).toEqual(Array.from(vector));
        expect((await copy.backend.blocks!.list({ agentId: 'mover' }))[0]?.value).toBe('Terse.');
        const copied = await copy.backend.skills!.get({ agentId: 'mover' }, 'skill-1');
        expect(copied?.skill).toMatchObject({ version: 2, code: 'v2', successCount: 2, failureCount: 1, createdFrom: [porto!.id] });
        expect((await copy.backend.skills!.versions({ agentId: 'mover' }, 'skill-1')).map((version) => version.code)).toEqual(['v1', 'v2']);
      } finally {
        await copy.stop();
      }
    }
  }, 120_000);

  it('keeps U+0000 out of what it stores on either store (a remember on PostgreSQL failed as a STORE_ERROR), and migrates an SQLite agent holding one', async () => {
    const nul = '\u0000';
    for (const store of ['sqlite', running().url]) {
      const memory = await createHippocampusFromEntry({ home, agentId: 'nul', store, embedder: createHashEmbedder({ dimensions: 64 }) });
      try {
        const { memory: stored } = await memory.remember({ type: 'chat', content: `gate${nul} code 4471`, context: { note: `x${nul}`, [`k${nul}ey`]: [nul] }, tags: [`t${nul}ag`], source: `s${nul}` });
        const [read] = await memory.store.getMany({ agentId: 'nul' }, [stored.id]);
        expect([read?.content, read?.context, read?.tags, read?.source], store).toEqual(['gate code 4471', { note: 'x', key: [''] }, ['tag'], 's']);
        expect((await memory.update(stored.id, { content: `gate${nul} code 4472` })).content, store).toBe('gate code 4472');
      } finally {
        await memory.stop();
      }
    }
    // Held by an SQLite agent written before (its store takes one): copied without it, and said so.
    const legacyHome = path.join(home, 'nul-legacy');
    const legacy = await createHippocampusFromEntry({ home: legacyHome, agentId: 'nul-legacy', embedder: createHashEmbedder({ dimensions: 64 }) });
    const record = (await legacy.rememberMany([{ type: 'chat', content: 'locker code 9920' }], { longTerm: true }))[0]!.memory;
    await legacy.store.updateMany({ agentId: 'nul-legacy' }, [{ id: record.id, patch: { content: `locker${nul} code 9920`, context: { said: `by${nul} me` } } }]);
    expect((await legacy.store.getMany({ agentId: 'nul-legacy' }, [record.id]))[0]?.content).toContain(nul);
    await legacy.stop();
    const { code, stdout, stderr } = await cliWith(['--home', legacyHome, '--agent', 'nul-legacy', '--json'])('data', 'migrate', '--from', 'sqlite', '--to', running().url);
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ memories: 1 });
    const { notCopied } = JSON.parse(stdout) as { notCopied: string[] };
    expect(notCopied).toContain('U+0000 characters of 1 memories: no PostgreSQL text can hold one');
    // The command the report names to rebuild the graph is one the CLI has ('graph link' was not).
    const rebuild = /`hippocampus ([^`]+)`/u.exec(notCopied.find((note) => note.startsWith('the knowledge graph')) ?? '')?.[1]?.split(' ') ?? ['(none)'];
    const [group, name] = rebuild;
    expect(createProgram().commands.find((command) => command.name() === group)?.commands.map((command) => command.name()), rebuild.join(' ')).toContain(name);
    const copy = await createHippocampusFromEntry({ home, agentId: 'nul-legacy', store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) });
    try {
      const [copied] = await copy.store.getMany({ agentId: 'nul-legacy' }, [record.id]);
      expect([copied?.content, copied?.context]).toEqual(['locker code 9920', { said: 'by me' }]);
    } finally {
      await copy.stop();
    }
  }, 120_000);

  it("purge 'full' leaves no byte of a forgotten sentence in the database's table and index files", async () => {
    const { createPostgresBackend } = await import('./postgres-backend.ts');
    const backend = await createPostgresBackend({ connectionString: running().url, purge: 'full' });
    const memory = await createHippocampus({ home, agentId: 'purged', backend, embedder: createHashEmbedder({ dimensions: 64 }) });
    const secret = 'ZEBRA-7431-quokka';
    try {
      const { memory: locker } = await memory.remember({ type: 'observation', content: `My locker code is ${secret}`, importance: 0.9 });
      await memory.rememberMany(Array.from({ length: 20 }, (_, index) => ({ type: 'chat' as const, content: `filler memory number ${index}` })));
      await backend.database.rows('CHECKPOINT');
      // The scan can see it: the sentence is on disk before the forget.
      expect(filesHolding(secret).length).toBeGreaterThan(0);
      await memory.forget([locker.id]);
      expect(filesHolding(secret)).toEqual([]);
      expect(filesHolding('quokka')).toEqual([]);
    } finally {
      await memory.stop();
      await backend.close();
    }
  }, 120_000);

  it("purge 'full' leaves no byte of a forgotten memory's graph aliases in the table and index files (graph_alias_sources kept them)", async () => {
    const { createPostgresBackend } = await import('./postgres-backend.ts');
    const backend = await createPostgresBackend({ connectionString: running().url, purge: 'full' });
    const memory = await createHippocampus({ home, agentId: 'alias-purged', backend, embedder: createHashEmbedder({ dimensions: 64 }) });
    try {
      const [named] = (
        await memory.rememberMany(
          [
            { type: 'chat', content: 'My cat Miso, whom we call Qwixelbun, lives with my sister Zebediah in Vraxtown' },
            { type: 'chat', content: "Miso likes Zebediah's garden" },
          ],
          { longTerm: true },
        )
      ).map((result) => result.memory);
      const layers = await openAgentLayers(memory);
      try {
        await layers.graph!.linkMemories();
      } finally {
        await layers.close();
      }
      await backend.database.rows('CHECKPOINT');
      // Aliases are kept by their key, in lower case: the scan can see it before the forget.
      expect(filesHolding('qwixelbun').length).toBeGreaterThan(0);
      await memory.forget([named!.id]);
      // The purge rewrote graph_aliases but not graph_alias_sources, whose rows hold the same key (probe).
      expect(filesHolding('qwixelbun')).toEqual([]);
      expect(filesHolding('vraxtown')).toEqual([]);
    } finally {
      await memory.stop();
      await backend.close();
    }
  }, 120_000);

  it("purge 'full' leaves no byte of a memory maintain pruned in the database's table and index files, as of a forgotten one", async () => {
    // Pruned rows were only deleted: the sentence stayed in the memories table's file (and its tsvector's).
    const { createPostgresBackend } = await import('./postgres-backend.ts');
    const backend = await createPostgresBackend({ connectionString: running().url, purge: 'full' });
    const clock = createManualClock();
    const memory = await createHippocampus({ home, agentId: 'pruned', backend, embedder: createHashEmbedder({ dimensions: 64 }), clock, longTerm: { minImportance: 0.3, protectRecentMs: 86_400_000 } });
    const secret = 'PANGOLIN-6604-marmoset';
    try {
      const [weak] = await memory.rememberMany([{ type: 'observation', content: `The boathouse alarm code is ${secret}`, importance: 0.1 }], { longTerm: true });
      await memory.rememberMany(Array.from({ length: 20 }, (_, index) => ({ type: 'chat' as const, content: `filler memory number ${index}`, importance: 0.9 })), { longTerm: true });
      await backend.database.rows('CHECKPOINT');
      expect(filesHolding(secret).length).toBeGreaterThan(0);
      clock.advance(2 * 86_400_000);
      expect(await memory.maintain()).toEqual([weak!.memory.id]);
      expect(filesHolding(secret)).toEqual([]);
      expect(filesHolding('marmoset')).toEqual([]);
    } finally {
      await memory.stop();
      await backend.close();
    }
  }, 120_000);

  it('a memory-block line forget_memory named, removed with replace_memory_block, leaves the table files too (it stayed in memory_blocks\' file)', async () => {
    const memory = await createHippocampus({ home, agentId: 'block-purged', store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) });
    const secret = 'WOMBAT-5512-axolotl';
    try {
      const tools = Object.fromEntries(createHippoTools({ memory }).map((tool) => [tool.name, tool]));
      const line = `Locker: my locker code is ${secret}`;
      await tools.append_memory_block!.execute({ key: 'human', text: 'Prefers short answers' });
      await tools.append_memory_block!.execute({ key: 'human', text: line });
      const stored = (await tools.store_memory!.execute({ content: `My locker code is ${secret}` })) as { ok: true; data: { id: string } };
      const report = (await tools.forget_memory!.execute({ ids: [stored.data.id] })) as { ok: true; data: { stillInBlocks: { key: string; lines: string[] }[] } };
      expect(report.data.stillInBlocks).toEqual([{ key: 'human', lines: [line] }]);
      expect(await tools.replace_memory_block!.execute({ key: 'human', find: `\n${line}`, replace: '' })).toMatchObject({ ok: true, data: { value: 'Prefers short answers' } });
      await (memory.backend as PostgresBackend).database.rows('CHECKPOINT');
      expect(filesHolding(secret)).toEqual([]);
      // Overwriting and deleting a block take the old text out as well.
      await memory.backend.blocks!.putMany({ agentId: 'block-purged' }, [{ key: 'persona', value: `Says ${secret} often`, updatedAt: 1 }]);
      await memory.backend.blocks!.putMany({ agentId: 'block-purged' }, [{ key: 'persona', value: 'Terse', updatedAt: 2 }]);
      await memory.backend.blocks!.putMany({ agentId: 'block-purged' }, [{ key: 'scratch', value: `Scratch ${secret}`, updatedAt: 3 }]);
      await memory.backend.blocks!.deleteMany({ agentId: 'block-purged' }, ['scratch']);
      await (memory.backend as PostgresBackend).database.rows('CHECKPOINT');
      expect(filesHolding(secret)).toEqual([]);
    } finally {
      await memory.stop();
    }
  }, 120_000);

  it("refuses an agent id that differs only in case from one with files under the home: its session logs and snapshots would share that folder on macOS or Windows", async () => {
    const ada = await createHippocampus({ home, agentId: 'Casey', store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) });
    await ada.remember({ type: 'decision', content: 'Ship on Fridays' });
    await ada.stop();
    expect(fs.existsSync(path.join(home, 'agents', 'Casey'))).toBe(true);
    await expect(createHippocampus({ home, agentId: 'casey', store: running().url, embedder: createHashEmbedder({ dimensions: 64 }) })).rejects.toMatchObject({ code: 'INVALID_AGENT_ID', message: expect.stringContaining('"Casey"') });
    expect(fs.readdirSync(path.join(home, 'agents')).filter((entry) => entry.toLowerCase() === 'casey')).toEqual(['Casey']);
  });

  it("the server reopens an agent under its open-agent cap by asking the store for that agent alone, not listing every agent's rows", async () => {
    const url = await running().createDatabase('registry_reopen');
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("ALTER DATABASE registry_reopen SET log_statement = 'all'");
    await admin.end();
    const registry = createEngineRegistry({ home, store: url, embedder: createHashEmbedder({ dimensions: 64 }), maxOpenAgents: 1, idleCloseMs: 0 });
    try {
      for (const agentId of ['rota-a', 'rota-b']) await (await registry.get(agentId, { create: true })).remember({ type: 'decision', content: `${agentId} ships on Tuesdays` });
      const before = running().log().length;
      // rota-b's opening closed rota-a (a cap of one): this request opens it again, and asks the store first.
      expect((await (await registry.get('rota-a')).recall({ limit: 5 })).map((record) => record.content)).toEqual(['rota-a ships on Tuesdays']);
      await expect(registry.get('rota-missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect.poll(() => running().log().slice(before)).toContain('EXISTS (SELECT 1 FROM live_watermarks WHERE agent_id = $1)');
      // The list was asked before it; its scan of every agent's memories is not in what the server ran.
      expect(running().log().slice(before)).not.toContain('SELECT agent_id FROM memories UNION');
      expect(await registry.listAgents()).toEqual(['rota-a', 'rota-b']);
    } finally {
      await registry.closeAll();
    }
  });

  it('loses and duplicates nothing when three processes write to one agent at once', async () => {
    const agentId = 'shared-writer';
    const outputs = await Promise.all(['one', 'two', 'three'].map((label) => runScript('writer.ts', [home, agentId, label, '150', running().url])));
    const acknowledged = outputs.flatMap((output) => output.stdout.trim().split('\n'));
    expect(acknowledged).toHaveLength(450);
    const memory = await createHippocampus({ home, agentId, store: running().url, embedder: null });
    try {
      const stored = await memory.store.query({ agentId }, { includeSuperseded: true });
      expect(stored.map((record) => record.id).sort()).toEqual([...acknowledged].sort());
    } finally {
      await memory.stop();
    }
  }, 120_000);
});

describe('the engine on PostgreSQL with pgvector (PGlite)', () => {
  it('recalls through pgvector', async () => {
    const pglite = await startPgliteServer();
    const { createPostgresBackend } = await import('./postgres-backend.ts');
    const backend = await createPostgresBackend({ connectionString: pglite.url, maxConnections: 1 });
    const memory = await createHippocampus({ home, agentId: 'vectors', backend, embedder: createHashEmbedder({ dimensions: 64 }) });
    try {
      expect(backend.vectorPath).toBe('pgvector');
      await memory.rememberMany(['red apples grow on trees', 'blue whales swim in oceans', 'green tea is calming'].map((content) => ({ type: 'observation' as const, content })));
      expect((await memory.recallRelevant('whales oceans', { limit: 1 }))[0]?.memory.content).toBe('blue whales swim in oceans');
      expect((await backend.vectors.statistics({ agentId: 'vectors' })).withVectors).toBe(3);
    } finally {
      await memory.stop();
      await backend.close();
      await pglite.stop();
    }
  }, 60_000);
});
