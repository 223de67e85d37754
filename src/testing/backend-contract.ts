import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashContent } from '../core/content-hash.ts';
import { parseFilter } from '../core/filter-language.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { AgentScope } from '../spec/memory-store.ts';
import { BATCH_READ_CHECKS, readsBesideFailingBatch } from './backend-contract-batch-reads.ts';
import { ENGINE_DELETES_CHECK, PURGE_INSIDE_ATOMICALLY_CHECK } from './backend-contract-engine-deletes.ts';
import { GRAPH_RELINK_CHECK, GRAPH_RELINK_PRUNING_CHECK } from './backend-contract-graph-relink.ts';
import { CONTRACT_BASE_TIME, contractRecord, contractScope } from './contract-records.ts';

export { contractRecord, contractScope } from './contract-records.ts';

export interface BackendContractOptions {
  /** Shown in the suite title, e.g. 'sqlite' or 'postgres + pgvector'. */
  name: string;
  /** A backend for one check; checks use agent ids of their own, so one database may serve them all. */
  create: () => Promise<MemoryBackend>;
  /** When set, the suite is skipped and this reason is shown. */
  skip?: string;
  /** Checks this backend cannot run, by name, each with the reason shown in the suite. */
  skipChecks?: Record<string, string>;
  timeoutMs?: number;
}

/** One rule of the contract; exported so the contract's own test proves each rule fails on a broken backend. */
export interface BackendContractCheck {
  name: string;
  /** `open` gives another backend on the same storage (its own connections): a second reader or writer. */
  run(backend: MemoryBackend, open: () => Promise<MemoryBackend>): Promise<void>;
}

const BASE_TIME = CONTRACT_BASE_TIME;

/** A unit vector along `axis` with a little of `lean` mixed in: similarity ordering is known exactly. */
export function axisVector(dimensions: number, axis: number, lean = -1, amount = 0): Float32Array {
  const vector = new Float32Array(dimensions);
  vector[axis] = 1;
  if (lean >= 0) vector[lean] = amount;
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

const MODEL = { provider: 'contract', modelId: 'axis-8', dimensions: 8 };

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(HippocampusError.isInstance(error), `expected a HippocampusError ${code}, got ${String(error)}`).toBe(true);
  expect((error as HippocampusError).code).toBe(code);
}

const ids = (records: { id: string }[]) => records.map((record) => record.id);

/**
 * The backend's conversations capability and a fresh messages table (its own per check: one PostgreSQL
 * database serves every check), created for two agents — the host creates its table for each agent it
 * writes for: one file an agent on SQLite, one shared table on PostgreSQL.
 */
async function twoAgentsMessagesTable(backend: MemoryBackend) {
  expect(backend.conversations, 'the backend provides no conversations capability').toBeDefined();
  const messages = backend.conversations!;
  const scope = contractScope();
  const other = contractScope();
  const table = `messages_${randomUUID().slice(0, 8)}`;
  await messages.createTable(scope, { table });
  await messages.createTable(other, { table });
  return { messages, scope, other, table };
}

export const BACKEND_CONTRACT_CHECKS: BackendContractCheck[] = [
  {
    name: 'stores every field of a record and reads it back as written',
    async run(backend) {
      const scope = contractScope();
      const record = contractRecord(scope, 'Ada moved to Lisbon in May', {
        sessionId: 's1',
        type: 'decision',
        kind: 'fact',
        context: { userId: 'u1', count: 3, flag: true, nested: { a: [1, 'two'] } },
        domain: 'life',
        category: 'move',
        consolidatedAt: null,
        lastAccessedAt: BASE_TIME + 5,
        importance: 0.8125,
        accessCount: 2,
        runningIntensity: 0.75,
        encounterCount: 3,
        relatedTo: ['x', 'y'],
        tags: ['travel', 'city'],
        source: 'test',
      });
      expect((await backend.store.insertMany(scope, [record])).inserted).toEqual([record.id]);
      const [read] = await backend.store.getMany(scope, [record.id]);
      expect(read).toEqual({ ...record, tags: ['city', 'travel'] });
    },
  },
  {
    name: 'reports a verbatim memory as a duplicate of the first, but keeps facts with the same text',
    async run(backend) {
      const scope = contractScope();
      const first = contractRecord(scope, 'The vault code is 4512');
      const again = contractRecord(scope, 'The vault code is 4512');
      const fact = contractRecord(scope, 'The vault code is 4512', { kind: 'fact' });
      await backend.store.insertMany(scope, [first]);
      const outcome = await backend.store.insertMany(scope, [again, fact]);
      expect(outcome.inserted).toEqual([fact.id]);
      expect(outcome.duplicates.map((duplicate) => duplicate.existingId)).toEqual([first.id]);
      expect(ids(await backend.store.findByContentHash(scope, [hashContent('The vault code is 4512')], 'fact'))).toEqual([fact.id]);
      expect(await backend.store.count(scope)).toBe(2);
    },
  },
  {
    name: 'filters by type, kind, tags, importance, time, domain, text, context and consolidation',
    async run(backend) {
      const scope = contractScope();
      const a = contractRecord(scope, 'Deploy the Billing service', { type: 'task', tags: ['ops'], importance: 0.9, domain: 'work', context: { userId: 'u1', retries: 2, urgent: true } });
      const b = contractRecord(scope, 'Lunch with Ada', { type: 'chat', tags: ['social', 'food'], importance: 0.3, context: { userId: 'u2', retries: 1, urgent: false } });
      const c = contractRecord(scope, 'billing invoices are late', { kind: 'fact', importance: 0.6, consolidatedAt: null, context: { retries: '2' } });
      await backend.store.insertMany(scope, [a, b, c]);
      const query = async (filter: Parameters<MemoryBackend['store']['query']>[1]) => ids(await backend.store.query(scope, { orderBy: 'createdAt', direction: 'asc', ...filter }));
      expect(await query({ types: ['task', 'chat'] })).toEqual([a.id, b.id]);
      expect(await query({ kinds: ['fact'] })).toEqual([c.id]);
      expect(await query({ tags: ['food', 'nothing'] })).toEqual([b.id]);
      expect(await query({ minImportance: 0.6 })).toEqual([a.id, c.id]);
      expect(await query({ since: b.timestamp, until: c.timestamp })).toEqual([b.id, c.id]);
      expect(await query({ domain: 'work' })).toEqual([a.id]);
      expect(await query({ text: 'BILLING' })).toEqual([a.id, c.id]);
      expect(await query({ context: { userId: 'u1' } })).toEqual([a.id]);
      expect(await query({ context: { retries: 2 } })).toEqual([a.id]);
      expect(await query({ context: { urgent: false } })).toEqual([b.id]);
      expect(await query({ consolidated: false })).toEqual([c.id]);
      expect(await query({ consolidated: true, limit: 1, direction: 'desc', orderBy: 'timestamp' })).toEqual([b.id]);
      expect(await backend.store.count(scope, { text: 'billing' })).toBe(2);
      // A limit makes it a count of at most that many: enough to decide "small or not" without counting a huge agent.
      expect(await backend.store.count(scope, { text: 'billing', limit: 1 })).toBe(1);
      expect(await backend.store.count(scope, { text: 'billing', limit: 5 })).toBe(2);
    },
  },
  {
    name: 'understands the filter language, own fields under context. included',
    async run(backend) {
      const scope = contractScope();
      const a = contractRecord(scope, 'one', { importance: 0.9, domain: 'debugging', tags: ['x'], context: { level: 3, room: 'r1' } });
      const b = contractRecord(scope, 'two', { importance: 0.4, tags: ['y'], context: { level: 7, domain: 'debugging' } });
      const c = contractRecord(scope, 'three', { importance: 0.2, context: {} });
      await backend.store.insertMany(scope, [a, b, c]);
      const filtered = async (filter: unknown) => ids(await backend.store.query(scope, { filter: parseFilter(filter), orderBy: 'createdAt', direction: 'asc' })).sort();
      expect(await filtered({ importance: { $gt: 0.3 } })).toEqual([a.id, b.id].sort());
      expect(await filtered({ 'context.level': { $gte: 5 } })).toEqual([b.id]);
      expect(await filtered({ 'context.room': { $in: ['r1', 'r9'] } })).toEqual([a.id]);
      // A number in the context is not the string of its digits, whatever form the lookup takes.
      expect(await filtered({ 'context.level': { $in: ['3', '7'] } })).toEqual([]);
      expect(await filtered({ 'context.level': { $in: [3] } })).toEqual([a.id]);
      expect(await filtered({ 'context.domain': 'debugging' })).toEqual([a.id, b.id].sort());
      expect(await filtered({ tags: { $ne: 'x' } })).toEqual([b.id, c.id].sort());
      expect(await filtered({ domain: null })).toEqual([b.id, c.id].sort());
    },
  },
  {
    name: 'orders, limits and pages through ids without gaps or repeats',
    async run(backend) {
      const scope = contractScope();
      const records = Array.from({ length: 7 }, (_, index) => contractRecord(scope, `memory number ${index}`, { importance: (6 - index) / 10 }));
      await backend.store.insertMany(scope, records);
      expect(ids(await backend.store.query(scope, { orderBy: 'importance', limit: 2 }))).toEqual([records[0]!.id, records[1]!.id]);
      expect(ids(await backend.store.query(scope, { orderBy: 'timestamp', limit: 2 }))).toEqual([records[6]!.id, records[5]!.id]);
      const seen: string[] = [];
      let afterId: string | undefined;
      for (;;) {
        const page = await backend.store.query(scope, { orderBy: 'id', direction: 'asc', limit: 3, ...(afterId ? { afterId } : {}) });
        if (page.length === 0) break;
        seen.push(...ids(page));
        afterId = page.at(-1)!.id;
      }
      expect(seen).toEqual(ids(records).sort());
    },
  },
  {
    name: 'hides superseded memories unless asked, and clears the link when the newer one is deleted',
    async run(backend) {
      const scope = contractScope();
      const newer = contractRecord(scope, 'Ada lives in Porto');
      const older = contractRecord(scope, 'Ada lives in Lisbon', { supersededBy: newer.id });
      await backend.store.insertMany(scope, [newer, older]);
      expect(ids(await backend.store.query(scope, {}))).toEqual([newer.id]);
      expect((await backend.store.query(scope, { includeSuperseded: true })).length).toBe(2);
      await backend.store.deleteMany(scope, [newer.id]);
      expect((await backend.store.getMany(scope, [older.id]))[0]?.supersededBy).toBeNull();
    },
  },
  {
    name: 'patches fields in one transaction and refuses an unknown id with NOT_FOUND, changing nothing',
    async run(backend) {
      const scope = contractScope();
      const record = contractRecord(scope, 'first text', { tags: ['a'] });
      await backend.store.insertMany(scope, [record]);
      await backend.store.updateMany(scope, [{ id: record.id, patch: { content: 'second text', contentHash: hashContent('second text'), tags: ['b', 'c'], importance: 0.7, context: { k: 1 } } }]);
      const [read] = await backend.store.getMany(scope, [record.id]);
      expect([read?.content, read?.tags, read?.importance, read?.context]).toEqual(['second text', ['b', 'c'], 0.7, { k: 1 }]);
      await expectCode(backend.store.updateMany(scope, [{ id: record.id, patch: { importance: 0.1 } }, { id: 'missing', patch: { importance: 0.2 } }]), 'NOT_FOUND');
      expect((await backend.store.getMany(scope, [record.id]))[0]?.importance).toBe(0.7);
    },
  },
  {
    name: 'moves a short-term memory to long-term once',
    async run(backend) {
      const scope = contractScope();
      const record = contractRecord(scope, 'short term', { consolidatedAt: null });
      await backend.store.insertMany(scope, [record]);
      expect(await backend.store.markConsolidated(scope, [record.id, 'missing'], BASE_TIME + 100)).toEqual([record.id]);
      expect(await backend.store.markConsolidated(scope, [record.id], BASE_TIME + 200)).toEqual([]);
      expect((await backend.store.getMany(scope, [record.id]))[0]?.consolidatedAt).toBe(BASE_TIME + 100);
    },
  },
  {
    name: 'records access without lifting importance past the ceiling',
    async run(backend) {
      const scope = contractScope();
      const low = contractRecord(scope, 'low', { importance: 0.685 });
      const high = contractRecord(scope, 'high', { importance: 0.9, runningIntensity: 0.98 });
      await backend.store.insertMany(scope, [low, high]);
      await backend.store.recordAccess(scope, [low.id, high.id], { at: BASE_TIME + 50, importanceBoost: 0.01, importanceCeiling: 0.69, intensityBoost: 0.05 });
      const [readLow, readHigh] = await backend.store.getMany(scope, [low.id, high.id]);
      expect(readLow?.importance).toBeCloseTo(0.69, 9);
      expect(readHigh?.importance).toBe(0.9);
      expect(readHigh?.runningIntensity).toBe(1);
      expect([readLow?.accessCount, readLow?.lastAccessedAt]).toEqual([1, BASE_TIME + 50]);
    },
  },
  {
    name: 'deletes rows with their history, keeping long-term ones when asked for short-term only',
    async run(backend) {
      const scope = contractScope();
      const short = contractRecord(scope, 'short', { consolidatedAt: null });
      const long = contractRecord(scope, 'long');
      await backend.store.insertMany(scope, [short, long]);
      await backend.store.appendHistory(scope, [
        { memoryId: long.id, at: BASE_TIME + 1, event: 'created', details: {} },
        { memoryId: long.id, at: BASE_TIME + 2, event: 'reinforced', details: { by: 1, note: null } },
      ]);
      expect((await backend.store.listHistory(scope, long.id)).map((event) => [event.event, event.details])).toEqual([
        ['created', {}],
        ['reinforced', { by: 1, note: null }],
      ]);
      await backend.store.appendHistory(scope, [{ memoryId: short.id, at: BASE_TIME + 3, event: 'created', details: {} }]);
      expect((await backend.store.listHistoryMany(scope, [short.id, 'missing', long.id])).map((event) => [event.memoryId, event.event])).toEqual([
        [short.id, 'created'],
        [long.id, 'created'],
        [long.id, 'reinforced'],
      ]);
      expect(await backend.store.listHistoryMany(contractScope(), [short.id, long.id])).toEqual([]);
      expect(await backend.store.deleteMany(scope, [short.id, long.id], { onlyShortTerm: true })).toEqual([short.id]);
      expect(await backend.store.deleteMany(scope, [long.id, 'missing'])).toEqual([long.id]);
      expect(await backend.store.listHistory(scope, long.id)).toEqual([]);
      expect(await backend.store.count(scope)).toBe(0);
    },
  },
  {
    name: 'selects the weakest unprotected long-term memories for pruning',
    async run(backend) {
      const scope = contractScope();
      const weak = contractRecord(scope, 'weak', { importance: 0.05 });
      const fresh = contractRecord(scope, 'weak but touched', { importance: 0.05, lastAccessedAt: BASE_TIME + 10_000 });
      const strong = contractRecord(scope, 'strong', { importance: 0.9 });
      const middle = contractRecord(scope, 'middle', { importance: 0.5 });
      await backend.store.insertMany(scope, [weak, fresh, strong, middle]);
      const selection = { maxMemories: 2, minImportance: 0.1, protectedSince: BASE_TIME + 5_000, limit: 10 };
      expect(await backend.store.selectPruneCandidates(scope, selection)).toEqual([weak.id, middle.id]);
    },
  },
  {
    name: 'gives ranking rows with the reply link and counts statistics by tier',
    async run(backend) {
      const scope = contractScope();
      const question = contractRecord(scope, 'question', { importance: 0.9, lastAccessedAt: BASE_TIME });
      const answer = contractRecord(scope, 'answer', { context: { replyTo: question.id }, importance: 0.3, consolidatedAt: null });
      await backend.store.insertMany(scope, [question, answer]);
      const rows = await backend.store.rankingRows(scope, { ids: [question.id, answer.id] });
      expect(rows.map((row) => [row.id, row.replyTo, row.importance]).sort()).toEqual([
        [answer.id, question.id, 0.3],
        [question.id, null, 0.9],
      ].sort());
      const statistics = await backend.store.statistics(scope, BASE_TIME);
      expect([statistics.total, statistics.shortTerm, statistics.byTier.core, statistics.byType.observation]).toEqual([2, 1, 1, 2]);
      await backend.store.recordConsolidationRun({ agentId: scope.agentId, startedAt: BASE_TIME, durationMs: 1.5, candidatesIn: 2, kept: 1, pruned: 1, trigger: 'test' });
      expect((await backend.store.listConsolidationRuns(scope, 5)).map((run) => [run.kept, run.trigger])).toEqual([[1, 'test']]);
    },
  },
  {
    name: 'ranks keyword matches by BM25: rarer words weigh more, stems match, deleted rows never come back',
    async run(backend) {
      const scope = contractScope();
      const rare = contractRecord(scope, 'The zeppelin landed near the harbour');
      const common = contractRecord(scope, 'The harbour was busy');
      const other = contractRecord(scope, 'Harbour lights and a harbour cat');
      const stem = contractRecord(scope, 'She was running along the quay');
      await backend.store.insertMany(scope, [rare, common, other, stem, ...Array.from({ length: 6 }, (_, index) => contractRecord(scope, `filler harbour text ${index}`))]);
      const hits = await backend.keywords.search(scope, ['zeppelin', 'harbour'], { limit: 3 });
      expect(hits[0]?.id).toBe(rare.id);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect(ids(await backend.keywords.search(scope, ['runs'], { limit: 5 }))).toEqual([stem.id]);
      expect(ids(await backend.keywords.search(scope, ['harbour'], { limit: 10, withinIds: [common.id, rare.id] })).sort()).toEqual([common.id, rare.id].sort());
      expect(ids(await backend.keywords.search(scope, ['harbour'], { limit: 10, where: { text: 'lights' } }))).toEqual([other.id]);
      await backend.store.deleteMany(scope, [rare.id]);
      expect(await backend.keywords.search(scope, ['zeppelin'], { limit: 5 })).toEqual([]);
      expect(await backend.keywords.search(scope, ['"*) OR x:y --', 'NOT('], { limit: 5 })).toEqual([]);
    },
  },
  {
    name: "says whether it indexes a turn by its neighbours' words, and if so weighs them by neighbourWeight and drops a deleted turn's words from its neighbours",
    async run(backend) {
      const scope = contractScope();
      const told = contractRecord(scope, 'We finally saw the aurora borealis above the fjord');
      const reply = contractRecord(scope, 'Yeah, it was amazing!', { context: { replyTo: told.id } });
      const next = contractRecord(scope, 'Did you take pictures?', { context: { replyTo: reply.id } });
      await backend.store.insertMany(scope, [told, reply, next, ...Array.from({ length: 8 }, (_, index) => contractRecord(scope, `filler chat turn ${index}`))]);
      const scores = async (neighbourWeight: number) => new Map((await backend.keywords.search(scope, ['aurora'], { limit: 10, neighbourWeight })).map((hit) => [hit.id, hit.score]));
      if (backend.keywords.neighbourField) {
        const [none, some, full] = [await scores(0), await scores(0.4), await scores(1)];
        expect(some.get(told.id)!).toBeGreaterThan(some.get(reply.id)!);
        expect(none.has(reply.id)).toBe(false);
        expect(some.get(reply.id)!).toBeGreaterThan(0);
        expect(full.get(reply.id)!).toBeGreaterThan(some.get(reply.id)!);
        expect(some.has(next.id)).toBe(false); // two turns away
        // A content edit moves its words out of the neighbours' fields too.
        await backend.store.updateMany(scope, [{ id: next.id, patch: { content: 'Did you take photographs of the glacier?' } }]);
        const glacier = new Map((await backend.keywords.search(scope, ['glacier'], { limit: 10, neighbourWeight: 0.4 })).map((hit) => [hit.id, hit.score]));
        expect([...glacier.keys()].sort()).toEqual([next.id, reply.id].sort());
        expect(await backend.keywords.search(scope, ['pictures'], { limit: 10, neighbourWeight: 1 })).toEqual([]);
      } else {
        // Honest about it: a neighbour's word finds only the turn that holds it.
        expect([...(await scores(0.4)).keys()]).toEqual([told.id]);
      }
      await backend.store.deleteMany(scope, [told.id]);
      expect(await backend.keywords.search(scope, ['aurora', 'borealis', 'fjord'], { limit: 10, neighbourWeight: 1 })).toEqual([]);
    },
  },
  {
    name: 'binds one embedding model per agent and refuses another dimension or model',
    async run(backend) {
      const scope = contractScope();
      expect(await backend.vectors.boundModel(scope)).toBeNull();
      await backend.vectors.bind(scope, MODEL);
      await backend.vectors.bind(scope, MODEL);
      expect(await backend.vectors.boundModel(scope)).toEqual(MODEL);
      await expectCode(backend.vectors.bind(scope, { ...MODEL, dimensions: 16 }), 'EMBEDDING_DIMENSION_MISMATCH');
      await expectCode(backend.vectors.bind(scope, { ...MODEL, modelId: 'other' }), 'EMBEDDING_MODEL_MISMATCH');
      const record = contractRecord(scope, 'vector holder');
      await backend.store.insertMany(scope, [record]);
      await expectCode(backend.vectors.upsert(scope, [{ id: record.id, vector: new Float32Array(16) }]), 'EMBEDDING_DIMENSION_MISMATCH');
    },
  },
  {
    name: 'finds nearest vectors by cosine, within ids and filters, and reads them back',
    async run(backend) {
      const scope = contractScope();
      await backend.vectors.bind(scope, MODEL);
      const records = Array.from({ length: 6 }, (_, index) => contractRecord(scope, `vector memory ${index}`, { domain: index % 2 === 0 ? 'even' : 'odd' }));
      await backend.store.insertMany(scope, records);
      await backend.vectors.upsert(scope, records.map((record, index) => ({ id: record.id, vector: axisVector(8, index) })));
      const query = axisVector(8, 2, 3, 0.5);
      const hits = await backend.vectors.search(scope, query, { limit: 2 });
      expect(ids(hits)).toEqual([records[2]!.id, records[3]!.id]);
      expect(hits[0]!.similarity).toBeCloseTo(1 / Math.hypot(1, 0.5), 5);
      expect(ids(await backend.vectors.search(scope, query, { limit: 2, withinIds: [records[0]!.id, records[3]!.id] }))).toEqual([records[3]!.id, records[0]!.id]);
      expect(ids(await backend.vectors.search(scope, query, { limit: 1, where: { domain: 'even' } }))).toEqual([records[2]!.id]);
      const read = await backend.vectors.vectorsOf(scope, [records[1]!.id, 'missing']);
      expect([...read.keys()]).toEqual([records[1]!.id]);
      expect(Array.from(read.get(records[1]!.id)!)).toEqual(Array.from(axisVector(8, 1)));
      expect((await backend.vectors.statistics(scope)).withVectors).toBe(6);
      // A query with no direction (all zeros: a text the embedder has no token for) is near nothing. pgvector's
      // cosine of it is NaN, and recall then ranked every memory with a NaN score.
      for (const options of [{ limit: 3 }, { limit: 3, withinIds: [records[0]!.id] }, { limit: 3, where: { domain: 'even' } }]) {
        expect((await backend.vectors.search(scope, new Float32Array(8), options)).map((hit) => hit.similarity).filter((similarity) => !(similarity <= 0)), JSON.stringify(options)).toEqual([]);
      }
    },
  },
  {
    name: 'drops a vector when its memory is deleted or its text changes, and lists memories missing one',
    async run(backend) {
      const scope = contractScope();
      await backend.vectors.bind(scope, MODEL);
      const [kept, edited, deleted] = ['kept', 'edited', 'deleted'].map((text) => contractRecord(scope, text));
      await backend.store.insertMany(scope, [kept!, edited!, deleted!]);
      await backend.vectors.upsert(scope, [kept!, edited!, deleted!].map((record, index) => ({ id: record.id, vector: axisVector(8, index) })));
      await backend.store.deleteMany(scope, [deleted!.id]);
      await backend.store.updateMany(scope, [{ id: edited!.id, patch: { content: 'edited again', contentHash: hashContent('edited again') } }]);
      expect(ids(await backend.vectors.search(scope, axisVector(8, 2), { limit: 5 }))).toEqual([kept!.id]);
      expect((await backend.vectors.missing(scope, 10)).map((row) => row.id)).toEqual([edited!.id]);
      await backend.vectors.upsert(scope, [{ id: deleted!.id, vector: axisVector(8, 2) }]);
      expect((await backend.vectors.statistics(scope)).withVectors).toBe(1);
      await backend.vectors.rebind(scope, { ...MODEL, modelId: 'axis-8-v2' });
      expect((await backend.vectors.statistics(scope)).withVectors).toBe(0);
      expect((await backend.vectors.boundModel(scope))?.modelId).toBe('axis-8-v2');
    },
  },
  {
    name: 'keeps agents apart on every path',
    async run(backend) {
      const alice = contractScope();
      const bob = contractScope();
      await backend.vectors.bind(alice, MODEL);
      await backend.vectors.bind(bob, { ...MODEL, modelId: 'bob-model', dimensions: 8 });
      const secret = contractRecord(alice, 'Alice keeps a secret zeppelin', { tags: ['secret'], context: { userId: 'shared' } });
      await backend.store.insertMany(alice, [secret]);
      await backend.vectors.upsert(alice, [{ id: secret.id, vector: axisVector(8, 0) }]);
      await backend.store.appendHistory(alice, [{ memoryId: secret.id, at: BASE_TIME, event: 'created', details: {} }]);
      expect(await backend.store.getMany(bob, [secret.id])).toEqual([]);
      expect(await backend.store.query(bob, { tags: ['secret'] })).toEqual([]);
      expect(await backend.store.query(bob, { context: { userId: 'shared' } })).toEqual([]);
      expect(await backend.store.count(bob)).toBe(0);
      expect(await backend.store.rankingRows(bob, { ids: [secret.id] })).toEqual([]);
      expect(await backend.store.findByContentHash(bob, [secret.contentHash], 'memory')).toEqual([]);
      expect(await backend.store.listHistory(bob, secret.id)).toEqual([]);
      expect(await backend.keywords.search(bob, ['zeppelin'], { limit: 5 })).toEqual([]);
      expect(await backend.vectors.search(bob, axisVector(8, 0), { limit: 5 })).toEqual([]);
      expect((await backend.vectors.vectorsOf(bob, [secret.id])).size).toBe(0);
      await backend.vectors.upsert(bob, [{ id: secret.id, vector: axisVector(8, 1) }]);
      expect(await backend.store.deleteMany(bob, [secret.id])).toEqual([]);
      await expectCode(backend.store.updateMany(bob, [{ id: secret.id, patch: { importance: 0 } }]), 'NOT_FOUND');
      expect(await backend.store.markConsolidated(bob, [secret.id], BASE_TIME)).toEqual([]);
      await backend.store.recordAccess(bob, [secret.id], { at: BASE_TIME, importanceBoost: 0.1, importanceCeiling: 1, intensityBoost: 0.1 });
      expect((await backend.store.getMany(alice, [secret.id]))[0]).toMatchObject({ importance: 0.5, accessCount: 0 });
      expect((await backend.vectors.vectorsOf(alice, [secret.id])).get(secret.id)?.[0]).toBeCloseTo(1, 6);
      expect((await backend.store.statistics(bob, BASE_TIME)).total).toBe(0);
      expect(await backend.store.insertMany(bob, [{ ...secret, id: `${secret.id}B`, agentId: alice.agentId }]).catch((error: unknown) => (error as HippocampusError).code)).toBe('STORE_ERROR');
      expect(await backend.store.listAgents()).toContain(alice.agentId);
    },
  },
  {
    name: 'says whether it holds one agent as its agent list does, for memories, blocks and skills alike',
    async run(backend) {
      const [withMemory, withBlock, withSkill, never] = [contractScope(), contractScope(), contractScope(), contractScope()];
      expect(await backend.store.hasAgent(withMemory.agentId)).toBe(false);
      await backend.store.insertMany(withMemory, [contractRecord(withMemory, 'Ada ships on Tuesdays')]);
      await backend.blocks?.putMany(withBlock, [{ key: 'persona', value: 'Terse.', updatedAt: BASE_TIME }]);
      const skill = { id: `skill-${withSkill.agentId}`, agentId: withSkill.agentId, name: 'deploy', description: 'ship it', code: 'npm run deploy', language: 'bash', inputs: [], createdFrom: [], version: 1, successCount: 0, failureCount: 0, lastUsedAt: null, createdAt: BASE_TIME, updatedAt: BASE_TIME };
      await backend.skills?.insert(withSkill, { skill, embedding: null, embeddingModel: null });
      // One that forgot its last memory still exists (a later read is not NOT_FOUND), as its SQLite file does.
      const emptied = contractScope();
      const gone = contractRecord(emptied, 'Ada forgets this one');
      await backend.store.insertMany(emptied, [gone]);
      await backend.store.deleteMany(emptied, [gone.id]);
      await backend.purgeDeletedText?.(emptied, [gone.id]);
      const listed = await backend.store.listAgents();
      for (const scope of [withMemory, emptied, ...(backend.blocks ? [withBlock] : []), ...(backend.skills ? [withSkill] : [])]) {
        expect(await backend.store.hasAgent(scope.agentId), scope.agentId).toBe(true);
        expect(listed).toContain(scope.agentId);
      }
      expect(await backend.store.hasAgent(never.agentId)).toBe(false);
      expect(listed).not.toContain(never.agentId);
      // Another agent's rows are not this one's, however alike the ids.
      expect(await backend.store.hasAgent(`${withMemory.agentId}x`)).toBe(false);
    },
  },
  {
    name: 'remembers forgotten ids after a purge, per agent',
    async run(backend) {
      const scope = contractScope();
      const other = contractScope();
      const record = contractRecord(scope, 'my locker code is ZEBRA-7431');
      await backend.store.insertMany(scope, [record]);
      await backend.store.deleteMany(scope, [record.id]);
      await backend.purgeDeletedText?.(scope, [record.id]);
      expect([...((await backend.forgottenAmong?.(scope, [record.id, 'kept'])) ?? [])]).toEqual([record.id]);
      expect((await backend.forgottenAmong?.(other, [record.id]))?.size ?? 0).toBe(0);
      // Listed too (a copy of the agent carries them), this agent's alone.
      if (backend.forgottenIds) {
        expect(await backend.forgottenIds(scope)).toEqual([record.id]);
        expect(await backend.forgottenIds(other)).toEqual([]);
      }
      expect(await backend.keywords.search(scope, ['zebra'], { limit: 5 })).toEqual([]);
    },
  },
  {
    name: 'a reader on another connection sees a write made inside atomically only whole, once committed; a conflict in the middle leaves nothing',
    async run(backend, open) {
      const scope = contractScope();
      const atomically = backend.atomically!;
      const created = (record: MemoryRecord) => ({ memoryId: record.id, at: record.createdAt, event: 'created' as const, details: { importance: record.importance } });
      const evicted = contractRecord(scope, 'an old short-term note about the harbour', { consolidatedAt: null });
      await backend.store.insertMany(scope, [evicted]);
      const reader = await open();
      try {
        // Opened and read before the write: a first read may set the reader's storage up (a migration).
        expect(await reader.store.count(scope)).toBe(1);
        expect(await reader.keywords.search(scope, ['ferry'], { limit: 5 })).toEqual([]);
        // The engine's remember: the row, its history, the delete of what the ring evicts; then an id
        // that exists already (the store's own conflict, not a thrown Error) in the middle of the batch.
        const first = contractRecord(scope, 'the ferry leaves at noon', { consolidatedAt: null });
        const conflicting = contractRecord(scope, 'a different text under an id already taken', { id: first.id });
        const error = await atomically(scope, async () => {
          await backend.store.insertMany(scope, [first]);
          await backend.store.appendHistory(scope, [created(first)]);
          await backend.store.deleteMany(scope, [evicted.id], { onlyShortTerm: true });
          await backend.store.insertMany(scope, [conflicting]);
        }).catch((caught: unknown) => caught);
        expect((error as HippocampusError).code).toBe('STORE_ERROR');
        for (const view of [backend, reader]) {
          expect((await view.store.query(scope, { includeSuperseded: true })).map((record) => record.id)).toEqual([evicted.id]);
          expect(await view.store.listHistory(scope, first.id)).toEqual([]);
          expect(await view.keywords.search(scope, ['ferry'], { limit: 5 })).toEqual([]);
        }
        // Committed: between the writes and the commit the reader sees the state before, then all of it.
        const kept = contractRecord(scope, 'the ferry leaves at one', { consolidatedAt: null });
        const seenBeforeCommit = await atomically(scope, async () => {
          await backend.store.insertMany(scope, [kept]);
          await backend.store.appendHistory(scope, [created(kept)]);
          await backend.store.deleteMany(scope, [evicted.id], { onlyShortTerm: true });
          return {
            ids: (await reader.store.query(scope, { includeSuperseded: true })).map((record) => record.id),
            history: (await reader.store.listHistory(scope, kept.id)).length,
            keywords: (await reader.keywords.search(scope, ['ferry'], { limit: 5 })).length,
          };
        });
        expect(seenBeforeCommit).toEqual({ ids: [evicted.id], history: 0, keywords: 0 });
        expect((await reader.store.query(scope, { includeSuperseded: true })).map((record) => record.id)).toEqual([kept.id]);
        expect((await reader.store.listHistory(scope, kept.id)).map((event) => event.event)).toEqual(['created']);
        expect((await reader.keywords.search(scope, ['ferry'], { limit: 5 })).map((hit) => hit.id)).toEqual([kept.id]);
      } finally {
        await reader.close();
      }
    },
  },
  {
    name: 'a reader of the same backend outside atomically never sees a write made inside it that then rolls back',
    async run(backend) {
      const scope = contractScope();
      const kept = contractRecord(scope, 'the ferry leaves at noon');
      await backend.store.insertMany(scope, [kept]);
      const doomed = contractRecord(scope, 'the ferry is cancelled today');
      // Asked from outside the open transaction (a recall beside a live watcher's batch): answered from committed
      // rows, at once on a connection of its own (PostgreSQL) or once the transaction ends (SQLite's one connection).
      const [listed, fetched, counted, found] = await readsBesideFailingBatch(
        backend,
        scope,
        () => backend.store.insertMany(scope, [doomed]),
        () => Promise.all([backend.store.query(scope, { includeSuperseded: true }), backend.store.getMany(scope, [doomed.id]), backend.store.count(scope), backend.keywords.search(scope, ['ferry'], { limit: 5 })]),
      );
      expect(listed.map((record) => record.id)).toEqual([kept.id]);
      expect(fetched).toEqual([]);
      expect(counted).toBe(1);
      expect(found.map((hit) => hit.id)).toEqual([kept.id]);
    },
  },
  {
    name: 'commits everything written inside atomically together, and nothing when it fails',
    async run(backend) {
      const scope = contractScope();
      const atomically = backend.atomically!;
      const watermarks = backend.watermarks!;
      const position = { offset: 120, line: 3, inode: 'i1', size: 500, firstLineHash: '10:ab', lastLineHash: '12:cd', lastMessageId: null };
      const failing = contractRecord(scope, 'written then rolled back');
      await expect(
        atomically(scope, async () => {
          await backend.store.insertMany(scope, [failing]);
          await watermarks.save(scope, 'transcript:a', position, BASE_TIME);
          throw new Error('the batch failed');
        }),
      ).rejects.toThrow('the batch failed');
      expect(await backend.store.count(scope)).toBe(0);
      expect(await watermarks.load(scope, 'transcript:a')).toBeNull();
      const kept = contractRecord(scope, 'written and committed');
      await atomically(scope, async () => {
        await backend.store.insertMany(scope, [kept]);
        await backend.store.updateMany(scope, [{ id: kept.id, patch: { importance: 0.9 } }]);
        await watermarks.save(scope, 'transcript:a', position, BASE_TIME + 1);
      });
      expect((await backend.store.getMany(scope, [kept.id]))[0]?.importance).toBe(0.9);
      expect(await watermarks.load(scope, 'transcript:a')).toEqual(position);
      expect((await watermarks.list(scope)).map((entry) => [entry.sourceId, entry.updatedAt])).toEqual([['transcript:a', BASE_TIME + 1]]);
      expect(await watermarks.list(contractScope())).toEqual([]);
    },
  },
  {
    name: 'keeps memory blocks per agent, and two concurrent appends both land',
    async run(backend) {
      const scope = contractScope();
      const blocks = backend.blocks!;
      await blocks.putMany(scope, [{ key: 'persona', value: 'Terse.', updatedAt: BASE_TIME }, { key: 'human', value: 'Ada', updatedAt: BASE_TIME }]);
      const append = (text: string) => blocks.modify(scope, 'human', BASE_TIME + 1, (current) => `${current?.value ?? ''}; ${text}`);
      await Promise.all([append('lives in Lisbon'), append('likes tea')]);
      const [human] = await blocks.getMany(scope, ['human', 'missing']);
      expect(human?.value.split('; ').sort()).toEqual(['Ada', 'likes tea', 'lives in Lisbon']);
      expect(await blocks.modify(scope, 'nothing', BASE_TIME, () => null)).toBeNull();
      expect((await blocks.list(scope)).map((block) => block.key)).toEqual(['human', 'persona']);
      expect(await blocks.list(contractScope())).toEqual([]);
      expect(await blocks.deleteMany(scope, ['persona', 'missing'])).toEqual(['persona']);
    },
  },
  {
    name: 'gives a block value back as every backend can store it: without U+0000, a lone surrogate one U+FFFD',
    async run(backend) {
      const scope = contractScope();
      const blocks = backend.blocks!;
      // PostgreSQL refused U+0000 (STORE_ERROR) where SQLite kept it, and SQLite gave a lone surrogate back as three U+FFFD.
      await blocks.putMany(scope, [{ key: 'human', value: 'Ada\u0000 likes \ud800tea', updatedAt: BASE_TIME }]);
      expect((await blocks.getMany(scope, ['human']))[0]?.value).toBe('Ada likes \ufffdtea');
      expect((await blocks.modify(scope, 'human', BASE_TIME + 1, (current) => `${current?.value}\nnul\u0000 \udc00`))?.value).toBe('Ada likes \ufffdtea\nnul \ufffd');
      expect((await blocks.getMany(scope, ['human']))[0]?.value).toBe('Ada likes \ufffdtea\nnul \ufffd');
    },
  },
  {
    name: 'stores skills with versions and outcomes, and consolidation marks, per agent',
    async run(backend) {
      const scope = contractScope();
      const skills = backend.skills!;
      const skill = { id: `skill-${scope.agentId}`, agentId: scope.agentId, name: 'deploy', description: 'ship it', code: 'npm run deploy', language: 'bash', inputs: [{ name: 'env' }], createdFrom: ['m1', 'm2'], version: 1, successCount: 0, failureCount: 0, lastUsedAt: null, createdAt: BASE_TIME, updatedAt: BASE_TIME };
      await skills.insert(scope, { skill, embedding: new Float32Array([0.5, -0.25]), embeddingModel: 'm' });
      await skills.saveVersion(scope, { skill: { ...skill, version: 2, code: 'npm run deploy -- --safe', updatedAt: BASE_TIME + 5 }, embedding: null, embeddingModel: null }, 'safer');
      expect((await skills.recordOutcome(scope, skill.id, true, 'fine', BASE_TIME + 6))?.successCount).toBe(1);
      expect(await skills.recordOutcome(scope, 'missing', true, null, BASE_TIME)).toBeNull();
      expect((await skills.findByName(scope, 'deploy'))?.skill).toMatchObject({ version: 2, code: 'npm run deploy -- --safe', lastUsedAt: BASE_TIME + 6, inputs: [{ name: 'env' }] });
      expect(Array.from((await skills.get(scope, skill.id))?.embedding ?? [])).toEqual([]);
      expect((await skills.versions(scope, skill.id)).map((version) => [version.version, version.reason, version.successCount])).toEqual([
        [1, null, 0],
        [2, 'safer', 1],
      ]);
      expect((await skills.outcomes(scope, skill.id, 5)).map((outcome) => [outcome.success, outcome.notes])).toEqual([[true, 'fine']]);
      expect(await skills.list(contractScope())).toEqual([]);
      const marks = backend.consolidationMarks!;
      await marks.mark(scope, 'conversation-1', BASE_TIME, ['m1']);
      await marks.mark(scope, 'conversation-1', BASE_TIME + 1, ['m9']);
      expect([...(await marks.consolidated(scope, ['conversation-1', 'conversation-2']))]).toEqual(['conversation-1']);
      expect((await marks.consolidated(contractScope(), ['conversation-1'])).size).toBe(0);
    },
  },
  {
    name: 'strips forgotten ids from skill provenance at the purge',
    async run(backend) {
      const scope = contractScope();
      const source = contractRecord(scope, 'how we deploy billing');
      await backend.store.insertMany(scope, [source]);
      const skill = { id: `skill-${scope.agentId}`, agentId: scope.agentId, name: 'billing', description: 'd', code: 'c', language: 'bash', inputs: [], createdFrom: [source.id, 'other'], version: 1, successCount: 0, failureCount: 0, lastUsedAt: null, createdAt: BASE_TIME, updatedAt: BASE_TIME };
      await backend.skills!.insert(scope, { skill, embedding: null, embeddingModel: null });
      await backend.store.deleteMany(scope, [source.id]);
      await backend.purgeDeletedText!(scope, [source.id]);
      expect((await backend.skills!.get(scope, skill.id))?.skill.createdFrom).toEqual(['other']);
    },
  },
  {
    name: 'links a knowledge graph with validity, walks its neighbourhood, and lets what only a deleted memory said go with it, the closing of a relation and an alias included',
    async run(backend) {
      const scope = contractScope();
      const graph = backend.knowledgeGraph!({ now: () => BASE_TIME });
      const lisbon = contractRecord(scope, 'I live in Lisbon', { timestamp: BASE_TIME + 1_000 });
      const porto = contractRecord(scope, 'I moved to Porto', { timestamp: BASE_TIME + 5_000 });
      const cat = contractRecord(scope, 'Miso is my cat');
      await backend.store.insertMany(scope, [lisbon, porto, cat]);
      const livesIn = (memory: MemoryRecord, city: string) => ({
        memoryId: memory.id,
        timestamp: memory.timestamp,
        entities: [],
        relations: [{ subject: { name: 'user', type: 'person' as const }, predicate: 'lives in', object: { name: city, type: 'place' as const } }],
      });
      const report = await graph.link(scope, [livesIn(lisbon, 'Lisbon'), livesIn(porto, 'Porto'), { memoryId: cat.id, timestamp: cat.timestamp, entities: [{ name: 'Miso', type: 'thing' as const, aliases: ['the cat'] }], relations: [] }]);
      expect(report).toMatchObject({ relationsCreated: 2, relationsClosed: 1 });
      expect(await graph.link(scope, [livesIn(lisbon, 'Lisbon')])).toMatchObject({ relationsCreated: 0, relationsReinforced: 0 });
      const then = await graph.relations(scope, { subject: 'user', predicate: 'lives_in', asOf: BASE_TIME + 2_000 });
      expect(then.map((relation) => [relation.object.name, relation.memoryIds])).toEqual([['Lisbon', [lisbon.id]]]);
      expect((await graph.relations(scope, { subject: 'USER', asOf: BASE_TIME + 9_000 })).map((relation) => relation.object.name)).toEqual(['Porto']);
      const [miso] = await graph.findEntities(scope, ['the cat']);
      expect(miso).toMatchObject({ name: 'Miso', aliases: ['the cat'] });
      const [user] = await graph.findEntities(scope, ['user']);
      const neighbourhood = await graph.neighborhood(scope, [user!.id], { hops: 1 });
      expect(neighbourhood.memoryIds.sort()).toEqual([lisbon.id, porto.id].sort());
      expect(neighbourhood.edges.filter((edge) => edge.kind === 'relation')).toHaveLength(2);
      expect((await graph.mentionCounts(scope, [user!.id])).get(user!.id)).toBe(2);
      expect([...(await graph.linkedMemoryIds(scope, [cat.id, 'missing']))]).toEqual([cat.id]);
      expect(await graph.findEntities(contractScope(), ['Miso'])).toEqual([]);
      await backend.store.deleteMany(scope, [porto.id, cat.id]);
      expect(await graph.findEntities(scope, ['Porto', 'Miso'])).toEqual([]);
      // The move to Porto closed Lisbon: with it gone, the user's history of living somewhere is read again from
      // what is left — none until the next link (Lisbon closed at the forgotten move's time was what it said), then
      // Lisbon, open.
      expect(await graph.relations(scope, { subject: 'user' })).toEqual([]);
      expect(await graph.unlinkedMemoryIds(scope, 10)).toEqual([lisbon.id]);
      expect(await graph.statistics(scope)).toEqual({ entities: 2, relations: 0, openRelations: 0, mentions: 2 });
      expect(await graph.link(scope, [livesIn(lisbon, 'Lisbon')])).toMatchObject({ relationsCreated: 1, relationsClosed: 0 });
      expect((await graph.relations(scope, { subject: 'user' })).map((relation) => [relation.object.name, relation.validTo, relation.memoryIds])).toEqual([['Lisbon', null, [lisbon.id]]]);
      expect(await graph.statistics(scope)).toEqual({ entities: 2, relations: 1, openRelations: 1, mentions: 2 });
      // Of a predicate holding many objects at once, a deleted memory takes its own relation only: the others stay.
      const liked = ['tea', 'jazz', 'hiking'].map((thing, index) => contractRecord(scope, `I like ${thing}`, { timestamp: BASE_TIME + 10_000 + index }));
      await backend.store.insertMany(scope, liked);
      const likes = (memory: MemoryRecord, thing: string) => ({ memoryId: memory.id, timestamp: memory.timestamp, entities: [], relations: [{ subject: { name: 'user', type: 'person' as const }, predicate: 'likes', object: { name: thing, type: 'thing' as const }, singleValued: false }] });
      await graph.link(scope, liked.map((memory, index) => likes(memory, ['tea', 'jazz', 'hiking'][index]!)));
      await backend.store.deleteMany(scope, [liked[1]!.id]);
      expect((await graph.relations(scope, { subject: 'user', predicate: 'likes' })).map((relation) => [relation.object.name, relation.validTo]).sort()).toEqual([['hiking', null], ['tea', null]]);
      expect(await graph.unlinkedMemoryIds(scope, 10)).toEqual([]);
      // An alias (or a name) only a deleted memory said goes with it; the entity another memory mentions stays, under
      // a name still said.
      const named = contractRecord(scope, 'Miso, whom we call Fluffball or the kitten');
      const called = contractRecord(scope, 'Fluffball ate my basil');
      await backend.store.insertMany(scope, [named, called]);
      const pet = (memory: MemoryRecord, name: string, aliases: string[]) => ({ memoryId: memory.id, timestamp: memory.timestamp, entities: [{ name, type: 'thing' as const, aliases }], relations: [] });
      await graph.link(scope, [pet(named, 'Miso', ['Fluffball', 'the kitten']), pet(called, 'Fluffball', [])]);
      expect(await graph.findEntities(scope, ['the kitten'])).toMatchObject([{ name: 'Miso', aliases: ['Fluffball', 'the kitten'] }]);
      await backend.store.deleteMany(scope, [named.id]);
      expect(await graph.findEntities(scope, ['Miso', 'the kitten'])).toEqual([]);
      expect(await graph.findEntities(scope, ['Fluffball'])).toMatchObject([{ name: 'Fluffball', aliases: [] }]);
    },
  },
  // The same graph through the engine: what a forget or an edit unlinked is linked again before it returns.
  GRAPH_RELINK_CHECK,
  // And what pruning unlinked (maintain, a consolidation pass).
  GRAPH_RELINK_PRUNING_CHECK,
  // What pruning deletes is forgotten as a forget's is: tombstoned, scrubbed from mirrors, never re-imported.
  ENGINE_DELETES_CHECK,
  // And the purge of what a write's eviction discarded may run inside a transaction.
  PURGE_INSIDE_ATOMICALLY_CHECK,
  {
    name: "searches the host's messages table by its words, more and rarer words first, per agent, forgets the messages a forget names; a missing table is CONFIG_ERROR",
    async run(backend) {
      const { messages, scope, other, table } = await twoAgentsMessagesTable(backend);
      const ids = await messages.appendMessages(scope, {
        table,
        messages: [
          { conversationId: 'c1', role: 'user', content: 'We moved the billing migration to March', createdAt: BASE_TIME + 1 },
          { conversationId: 'c1', role: 'assistant', content: 'Noted: billing in March, payroll stays in May', createdAt: BASE_TIME + 2 },
          { conversationId: 'c2', role: 'user', content: 'The weather was lovely in March', createdAt: BASE_TIME + 3 },
          { conversationId: 'c2', role: 'user', content: 'Questions about invoices go to Priya', createdAt: BASE_TIME },
        ],
      });
      await messages.appendMessages(other, { table, messages: [{ role: 'user', content: 'The other agent plans a billing migration to Priya', createdAt: BASE_TIME }] });
      expect(ids).toHaveLength(4);
      expect([...ids].sort((left, right) => left - right)).toEqual(ids);
      const billing = await messages.searchMessages(scope, { table, query: 'when is the billing migration?', limit: 10 });
      expect(billing.map((hit) => hit.id)).toEqual([ids[0], ids[1]]);
      expect(billing[0]).toMatchObject({ conversationId: 'c1', role: 'user', content: 'We moved the billing migration to March', createdAt: BASE_TIME + 1 });
      expect(billing[0]!.score).toBeGreaterThan(billing[1]!.score);
      // Stems match; a rare word (a name, in one message of four) outweighs one in three of them, however recent.
      expect((await messages.searchMessages(scope, { table, query: 'migrations', limit: 10 })).map((hit) => hit.id)).toEqual([ids[0]]);
      expect((await messages.searchMessages(scope, { table, query: 'march priya', limit: 10 }))[0]?.id).toBe(ids[3]);
      expect(await messages.searchMessages(scope, { table, query: 'march', limit: 2 })).toHaveLength(2);
      // Words only: search syntax is never interpreted.
      expect(await messages.searchMessages(scope, { table, query: 'billing" OR NEAR( content:*', limit: 10 })).toHaveLength(2);
      expect(await messages.searchMessages(other, { table, query: 'weather', limit: 10 })).toEqual([]);
      // A forget takes the messages it names: by id, or by their whole text (case and space aside); never another agent's.
      expect(await messages.forgetMessages(scope, { table, ids: [ids[1]!], texts: ['  the WEATHER was lovely in march '] })).toBe(2);
      expect(await messages.forgetMessages(other, { table, ids: [], texts: ['we moved the billing migration to march'] })).toBe(0);
      expect((await messages.searchMessages(scope, { table, query: 'march billing weather payroll', limit: 10 })).map((hit) => hit.id)).toEqual([ids[0]]);
      expect(await messages.searchMessages(other, { table, query: 'billing migration', limit: 10 })).toHaveLength(1);
      // The backend's own table is no messages table: refused, and nothing is added to it.
      await backend.store.insertMany(scope, [contractRecord(scope, 'a memory beside the messages')]);
      await expectCode(messages.createTable(scope, { table: 'memories' }), 'CONFIG_ERROR');
      expect(await backend.store.count(scope)).toBe(1);
      await expectCode(messages.searchMessages(scope, { table: `missing_${randomUUID().slice(0, 8)}`, query: 'billing', limit: 5 }), 'CONFIG_ERROR');
      await expectCode(messages.searchMessages(scope, { table: 'messages; DROP TABLE x', query: 'billing', limit: 5 }), 'CONFIG_ERROR');
    },
  },
  {
    name: "adds a host's message as every backend can store it (no U+0000, a lone surrogate one U+FFFD); one that is not a message is VALIDATION_ERROR, nothing added",
    async run(backend) {
      const { messages, scope, table } = await twoAgentsMessagesTable(backend);
      const [id] = await messages.appendMessages(scope, { table, messages: [{ conversationId: 'c\u00001', role: 'user', content: 'The vault\u0000 code is \ud800 1234', createdAt: BASE_TIME }] });
      expect((await messages.readMessages(scope, { table, afterId: 0, limit: 10 })).messages).toEqual([{ id, conversationId: 'c1', role: 'user', content: 'The vault code is \ufffd 1234', createdAt: BASE_TIME }]);
      for (const bad of [{ role: 'user', content: 'x', createdAt: Number.NaN }, { role: 'user', content: 7, createdAt: BASE_TIME }, { role: null, content: 'x', createdAt: BASE_TIME }]) {
        await expectCode(messages.appendMessages(scope, { table, messages: [{ role: 'user', content: 'good one first', createdAt: BASE_TIME }, bad as never] }), 'VALIDATION_ERROR');
      }
      expect((await messages.readMessages(scope, { table, afterId: 0, limit: 10 })).messages).toHaveLength(1);
    },
  },
  {
    name: "reads the host's messages table in id order after an id, per agent and conversation, with the highest id; a missing table is CONFIG_ERROR",
    async run(backend) {
      const { messages, scope, other, table } = await twoAgentsMessagesTable(backend);
      expect(await messages.readMessages(scope, { table, afterId: 0, limit: 10 })).toEqual({ messages: [], highestId: 0 });
      const ids = await messages.appendMessages(scope, {
        table,
        messages: [
          { conversationId: 'c1', role: 'user', content: 'first', createdAt: BASE_TIME + 3 },
          { conversationId: 'c2', role: 'assistant', content: 'second', createdAt: BASE_TIME + 1 },
          { role: 'user', content: 'third', createdAt: BASE_TIME + 2 },
        ],
      });
      // Another agent's rows in the same table, between and after this agent's ids.
      const others = await messages.appendMessages(other, { table, messages: [{ conversationId: 'c1', role: 'user', content: 'not yours', createdAt: BASE_TIME }] });
      const later = await messages.appendMessages(scope, { table, messages: [{ conversationId: 'c1', role: 'user', content: 'fourth', createdAt: BASE_TIME + 4 }] });
      const all = await messages.readMessages(scope, { table, afterId: 0, limit: 10 });
      expect(all.messages.map((message) => message.content)).toEqual(['first', 'second', 'third', 'fourth']);
      expect(all.messages[1]).toEqual({ id: ids[1], conversationId: 'c2', role: 'assistant', content: 'second', createdAt: BASE_TIME + 1 });
      expect(all.messages[2]!.conversationId).toBeNull();
      expect(all.highestId).toBe(later[0]);
      // After an id, in id order (not time order), at most `limit`; the highest id whatever the page.
      const page = await messages.readMessages(scope, { table, afterId: ids[0]!, limit: 2 });
      expect(page.messages.map((message) => message.id)).toEqual([ids[1], ids[2]]);
      expect(page.highestId).toBe(later[0]);
      expect((await messages.readMessages(scope, { table, afterId: later[0]!, limit: 10 })).messages).toEqual([]);
      // One conversation: its rows and its highest id only.
      const c1 = await messages.readMessages(scope, { table, afterId: 0, limit: 10, conversationId: 'c1' });
      expect(c1.messages.map((message) => message.content)).toEqual(['first', 'fourth']);
      expect(c1.highestId).toBe(later[0]);
      const c2 = await messages.readMessages(scope, { table, afterId: 0, limit: 10, conversationId: 'c2' });
      expect(c2).toEqual({ messages: [expect.objectContaining({ content: 'second' })], highestId: ids[1] });
      // The other agent sees only its own row.
      expect(await messages.readMessages(other, { table, afterId: 0, limit: 10 })).toEqual({ messages: [expect.objectContaining({ id: others[0], content: 'not yours' })], highestId: others[0] });
      await expectCode(messages.readMessages(scope, { table: `missing_${randomUUID().slice(0, 8)}`, afterId: 0, limit: 5 }), 'CONFIG_ERROR');
      await expectCode(messages.readMessages(scope, { table: 'messages; DROP TABLE x', afterId: 0, limit: 5 }), 'CONFIG_ERROR');
    },
  },

  // Reads of every other store beside an open batch (backend-contract-batch-reads.ts).
  ...BATCH_READ_CHECKS,
];

/**
 * The behaviour every storage backend must show (Hono's `runTest`): one vitest suite per backend,
 * so a new backend cannot quietly differ from SQLite.
 *
 * @example
 * runBackendContract({ name: 'sqlite', create: async () => createSqliteBackend({ home }) });
 * runBackendContract({ name: 'postgres', create, skip: 'PostgreSQL binaries not installed' });
 */
export function runBackendContract(options: BackendContractOptions): void {
  const title = `backend contract: ${options.name}`;
  if (options.skip !== undefined) {
    describe.skip(`${title} (skipped: ${options.skip})`, () => {
      it('is skipped', () => undefined);
    });
    return;
  }
  describe(title, () => {
    for (const check of BACKEND_CONTRACT_CHECKS) {
      const skipped = options.skipChecks?.[check.name];
      if (skipped !== undefined) {
        it.skip(`${check.name} (skipped: ${skipped})`, () => undefined);
        continue;
      }
      it(
        check.name,
        async () => {
          const backend = await options.create();
          try {
            await check.run(backend, options.create);
          } finally {
            await backend.close();
          }
        },
        options.timeoutMs ?? 30_000,
      );
    }
  });
}
