import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { AgentScope } from '../spec/memory-store.ts';
import type { SourcePosition } from '../spec/watermark-store.ts';
import type { BackendContractCheck } from './backend-contract.ts';
import { CONTRACT_BASE_TIME, contractRecord, contractScope } from './contract-records.ts';

// The rule "a reader of the same backend outside atomically never sees a write made inside it that then rolls back",
// for each store of the backend beside the memory store and its indexes. A live watcher's batch writes through
// them too (its watermark; a host's batch its blocks, skills, graph links or messages), and a recall, a listing or
// a tool read beside it must answer what was committed before it — on SQLite's one connection after the batch's
// end, on PostgreSQL on a connection of its own — never what the batch then takes back.

const T = CONTRACT_BASE_TIME;

/**
 * What `reads` answer when asked from outside an open `atomically` that holds `write`'s changes uncommitted and
 * then fails: all of them asked while it is open.
 */
export async function readsBesideFailingBatch<T>(backend: MemoryBackend, scope: AgentScope, write: () => Promise<unknown>, reads: () => Promise<T>): Promise<T> {
  let fail!: () => void;
  const failing = new Promise<void>((resolve) => (fail = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const ended = backend.atomically!(scope, async () => {
    await write();
    wrote();
    await failing;
    throw new Error('the batch failed');
  });
  await written;
  const answered = reads();
  await new Promise((resolve) => setTimeout(resolve, 20));
  fail();
  await expect(ended).rejects.toThrow('the batch failed');
  return answered;
}

/**
 * Reads beside a failing batch answer the state before it, as do reads after it; the same write committed is then
 * seen by the same reads (so the rule cannot pass on reads that show none of it).
 */
async function expectBatchUnseen<T>(backend: MemoryBackend, scope: AgentScope, write: () => Promise<unknown>, reads: () => Promise<T>): Promise<void> {
  const before = await reads();
  expect(await readsBesideFailingBatch(backend, scope, write, reads), 'read beside the open batch').toEqual(before);
  expect(await reads(), 'read after the rollback').toEqual(before);
  await backend.atomically!(scope, write);
  expect(await reads(), 'read after the same write committed').not.toEqual(before);
}

function deploySkill(scope: AgentScope, name: string) {
  return { id: `skill-${name}-${scope.agentId}`, agentId: scope.agentId, name, description: 'ship it', code: 'npm run deploy', language: 'bash', inputs: [], createdFrom: [], version: 1, successCount: 0, failureCount: 0, lastUsedAt: null, createdAt: T, updatedAt: T };
}

const position = (offset: number): SourcePosition => ({ offset, line: 3, inode: 'i1', size: 500, firstLineHash: '10:ab', lastLineHash: '12:cd', lastMessageId: null });

export const BATCH_READ_CHECKS: BackendContractCheck[] = [
  {
    name: 'a read of memory blocks outside atomically never sees a block written inside it that then rolls back',
    async run(backend) {
      const scope = contractScope();
      const blocks = backend.blocks!;
      await blocks.putMany(scope, [{ key: 'human', value: 'Ada', updatedAt: T }]);
      await expectBatchUnseen(
        backend,
        scope,
        async () => {
          await blocks.putMany(scope, [{ key: 'persona', value: 'Terse.', updatedAt: T + 1 }]);
          await blocks.modify(scope, 'human', T + 1, (current) => `${current?.value ?? ''}; moved to Porto`);
        },
        () => Promise.all([blocks.getMany(scope, ['human', 'persona']), blocks.list(scope)]),
      );
    },
  },
  {
    name: 'a read of skills outside atomically never sees a skill, version or outcome written inside it that then rolls back',
    async run(backend) {
      const scope = contractScope();
      const skills = backend.skills!;
      const deploy = deploySkill(scope, 'deploy');
      await skills.insert(scope, { skill: deploy, embedding: null, embeddingModel: null });
      const backup = deploySkill(scope, 'backup');
      await expectBatchUnseen(
        backend,
        scope,
        async () => {
          await skills.saveVersion(scope, { skill: { ...deploy, version: 2, code: 'npm run deploy -- --safe', updatedAt: T + 5 }, embedding: null, embeddingModel: null }, 'safer');
          await skills.recordOutcome(scope, deploy.id, true, 'fine', T + 6);
          await skills.insert(scope, { skill: backup, embedding: null, embeddingModel: null });
        },
        () => Promise.all([skills.get(scope, deploy.id), skills.findByName(scope, 'backup'), skills.list(scope), skills.versions(scope, deploy.id), skills.outcomes(scope, deploy.id, 5)]),
      );
    },
  },
  {
    name: 'a read of the knowledge graph outside atomically never sees links made inside it that then roll back',
    async run(backend) {
      const scope = contractScope();
      const graph = backend.knowledgeGraph!({ now: () => T });
      const lisbon = contractRecord(scope, 'I live in Lisbon');
      const cat = contractRecord(scope, 'Miso is my cat');
      await backend.store.insertMany(scope, [lisbon, cat]);
      const relation = { subject: { name: 'user', type: 'person' as const }, predicate: 'lives in', object: { name: 'Lisbon', type: 'place' as const } };
      await graph.link(scope, [{ memoryId: lisbon.id, timestamp: lisbon.timestamp, entities: [], relations: [relation] }]);
      const [user] = await graph.findEntities(scope, ['user']);
      await expectBatchUnseen(
        backend,
        scope,
        () => graph.link(scope, [{ memoryId: cat.id, timestamp: cat.timestamp, entities: [{ name: 'Miso', type: 'thing' as const, aliases: ['the cat'] }], relations: [{ ...relation, predicate: 'owns', object: { name: 'Miso', type: 'thing' as const } }] }]),
        () =>
          Promise.all([
            graph.findEntities(scope, ['Miso', 'the cat']),
            graph.listEntities(scope),
            graph.relations(scope, { subject: 'user' }),
            graph.neighborhood(scope, [user!.id], { hops: 1 }),
            graph.mentionCounts(scope, [user!.id]),
            graph.unlinkedMemoryIds(scope, 10),
            graph.linkedMemoryIds(scope, [cat.id]),
            graph.statistics(scope),
          ]),
      );
    },
  },
  {
    name: "a read of the host's messages table outside atomically never sees a message added inside it that then rolls back",
    async run(backend) {
      const scope = contractScope();
      const messages = backend.conversations!;
      const table = `messages_${randomUUID().slice(0, 8)}`;
      await messages.createTable(scope, { table });
      await messages.appendMessages(scope, { table, messages: [{ conversationId: 'c1', role: 'user', content: 'We moved the billing migration to March', createdAt: T }] });
      await expectBatchUnseen(
        backend,
        scope,
        () => messages.appendMessages(scope, { table, messages: [{ conversationId: 'c1', role: 'user', content: 'The billing migration slips to April', createdAt: T + 1 }] }),
        () => Promise.all([messages.readMessages(scope, { table, afterId: 0, limit: 10 }), messages.searchMessages(scope, { table, query: 'billing migration', limit: 10 })]),
      );
    },
  },
  {
    name: 'a read of watermarks outside atomically never sees a position saved inside it that then rolls back',
    async run(backend) {
      const scope = contractScope();
      const watermarks = backend.watermarks!;
      await watermarks.save(scope, 'transcript:a', position(120), T);
      await expectBatchUnseen(
        backend,
        scope,
        async () => {
          await watermarks.save(scope, 'transcript:a', position(480), T + 1);
          await watermarks.save(scope, 'transcript:b', position(60), T + 1);
        },
        () => Promise.all([watermarks.load(scope, 'transcript:a'), watermarks.load(scope, 'transcript:b'), watermarks.list(scope)]),
      );
    },
  },
  {
    name: 'a read of consolidation marks outside atomically never sees a mark made inside it that then rolls back',
    async run(backend) {
      const scope = contractScope();
      const marks = backend.consolidationMarks!;
      await marks.mark(scope, 'conversation-1', T, ['m1']);
      await expectBatchUnseen(
        backend,
        scope,
        () => marks.mark(scope, 'conversation-2', T + 1, ['m2']),
        async () => [...(await marks.consolidated(scope, ['conversation-1', 'conversation-2']))].sort(),
      );
    },
  },
];
