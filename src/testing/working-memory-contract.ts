import { beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../spec/clock.ts';
import type { WorkingConversationInput, WorkingMemoryQuery, WorkingMemoryStore } from '../spec/working-memory-store.ts';
import { DEFAULT_WORKING_MEMORY_WEIGHTS } from '../working/similarity.ts';
import { WORKING_MEMORY_LIMITS } from '../working/store-rules.ts';
import { createHashEmbedder } from './hash-embedder.ts';

/** A clock the contract moves by hand. */
export interface WorkingMemoryContractClock extends Clock {
  advance(ms: number): void;
}

export interface WorkingMemoryContractSubject {
  /** A fresh, empty store with the default capacity (5) and TTL (7 days), reading time from `clock`. */
  store: WorkingMemoryStore;
  clock: WorkingMemoryContractClock;
  cleanup: () => Promise<void>;
}

export const WORKING_MEMORY_CONTRACT_CASES = [
  'round trip',
  'eviction',
  'ttl',
  'search',
  'search by entities',
  'search by topics',
  'get all',
  'delete',
  'stats',
  'agent isolation',
  'mark consolidated',
  'validation',
  'conversation size',
] as const;
export type WorkingMemoryContractCase = (typeof WORKING_MEMORY_CONTRACT_CASES)[number];

export interface WorkingMemoryContractOptions {
  name: string;
  create: () => Promise<WorkingMemoryContractSubject>;
  /** Cases a backend cannot honour, each with the reason (Hono's runTest habit). `true` skips the whole suite. */
  skip?: true | Partial<Record<WorkingMemoryContractCase, string>>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const embedder = createHashEmbedder({ dimensions: 128 });

interface FixtureSpec {
  id: string;
  text: string;
  entities: string[];
  topics: string[];
  keywords: string[];
  intent: string | null;
}

// Five conversations on clearly different subjects; features are spelled out so
// the contract tests the store, not the language layer.
const FIXTURES: readonly FixtureSpec[] = [
  {
    id: 'lisbon-offsite',
    text: 'user: Can you plan the team offsite in Lisbon with Priya?\nassistant: Lisbon in May works; Priya suggested a hotel in Alfama near the café district.',
    entities: ['Lisbon', 'Priya', 'Alfama'],
    topics: ['team offsite', 'Lisbon', 'hotel'],
    keywords: ['offsite', 'lisbon', 'hotel', 'priya', 'alfama'],
    intent: 'Can you plan the team offsite in Lisbon with Priya?',
  },
  {
    id: 'postgres-migration',
    text: 'user: We need to migrate the billing service from MySQL to Postgres.\nassistant: Start with a logical replica of the billing database, then cut over invoices.',
    entities: ['Postgres', 'MySQL'],
    topics: ['billing service', 'database migration', 'Postgres'],
    keywords: ['postgres', 'mysql', 'billing', 'migrate', 'replica', 'invoice'],
    intent: 'We need to migrate the billing service from MySQL to Postgres.',
  },
  {
    id: 'dog-vet',
    text: 'user: My dog Biscuit is limping, should I see the vet?\nassistant: If Biscuit is still limping tomorrow, book the vet; rest the paw tonight.',
    entities: ['Biscuit'],
    topics: ['dog', 'vet', 'limping'],
    keywords: ['dog', 'biscuit', 'vet', 'limp', 'paw'],
    intent: 'My dog Biscuit is limping, should I see the vet?',
  },
  {
    id: 'birthday-cake',
    text: 'user: Help me bake a chocolate cake for Priya birthday.\nassistant: A chocolate sponge with ganache; bake it the day before the birthday party.',
    entities: ['Priya'],
    topics: ['birthday party', 'chocolate cake', 'baking'],
    keywords: ['cake', 'chocolate', 'birthday', 'bake', 'ganache'],
    intent: 'Help me bake a chocolate cake for Priya birthday.',
  },
  {
    id: 'tax-return',
    text: 'user: When is the deadline for my tax return in Germany?\nassistant: The German tax return is due on 31 July unless an adviser files it for you.',
    entities: ['Germany', '31 July'],
    topics: ['tax return', 'deadline'],
    keywords: ['tax', 'return', 'deadline', 'germany', 'adviser'],
    intent: 'When is the deadline for my tax return in Germany?',
  },
];

async function conversation(spec: FixtureSpec, timestamp: number): Promise<WorkingConversationInput> {
  const { embeddings } = await embedder.doEmbed({ values: [spec.text] });
  return {
    conversationId: spec.id,
    timestamp,
    fullText: spec.text,
    embedding: embeddings[0]!,
    keyEntities: spec.entities,
    topics: spec.topics,
    keywords: spec.keywords,
    userIntent: spec.intent,
  };
}

async function query(text: string, features: Omit<WorkingMemoryQuery, 'text' | 'embedding'>): Promise<WorkingMemoryQuery> {
  const { embeddings } = await embedder.doEmbed({ values: [text] });
  // Features left out are empty, not derived from the text: the contract tests the store, not the language layer.
  return { text, embedding: embeddings[0]!, entities: [], topics: [], keywords: [], ...features };
}

function fixture(id: string): FixtureSpec {
  const spec = FIXTURES.find((candidate) => candidate.id === id);
  if (!spec) throw new TypeError(`unknown fixture ${id}`);
  return spec;
}

/**
 * The behaviour every WorkingMemoryStore must show, run against each backend
 * with a hand-moved clock: capacity eviction by timestamp, TTL, search and its
 * breakdown, agent isolation, consolidation marks.
 *
 * @example
 * runWorkingMemoryContract({
 *   name: 'in-process',
 *   create: async () => {
 *     const clock = createManualClock();
 *     return { store: createInProcessWorkingMemory({ clock }), clock, cleanup: async () => {} };
 *   },
 * });
 */
export function runWorkingMemoryContract(options: WorkingMemoryContractOptions): void {
  const skipped = (name: WorkingMemoryContractCase): boolean => options.skip === true || options.skip?.[name] !== undefined;
  const contractCase = (name: WorkingMemoryContractCase, body: () => Promise<void>): void => {
    (skipped(name) ? it.skip : it)(name, body);
  };

  describe(`working memory contract: ${options.name}`, () => {
    let subject: WorkingMemoryContractSubject;
    let store: WorkingMemoryStore;
    let clock: WorkingMemoryContractClock;
    const agent = { agentId: 'agent-a' };
    const otherAgent = { agentId: 'agent-b' };

    beforeAll(async () => {
      await embedder.doEmbed({ values: ['warm up'] });
    });
    beforeEach(async () => {
      subject = await options.create();
      store = subject.store;
      clock = subject.clock;
    });
    afterEach(async () => {
      await subject.store.close();
      await subject.cleanup();
    });

    /** Stores the five fixtures, `lisbon-offsite` oldest, `tax-return` newest, one minute apart. */
    async function storeAll(scope = agent): Promise<number> {
      const start = clock.now() - FIXTURES.length * MINUTE;
      for (const [index, spec] of FIXTURES.entries()) await store.store(scope, await conversation(spec, start + index * MINUTE));
      return start;
    }

    contractCase('round trip', async () => {
      const input = await conversation(fixture('lisbon-offsite'), clock.now() - MINUTE);
      await expect(store.store(agent, input)).resolves.toEqual({ stored: true, evictedIds: [] });
      const found = await store.get(agent, 'lisbon-offsite');
      expect(found).toMatchObject({
        conversationId: 'lisbon-offsite',
        agentId: 'agent-a',
        timestamp: input.timestamp,
        fullText: input.fullText,
        keyEntities: input.keyEntities,
        topics: input.topics,
        keywords: input.keywords,
        userIntent: input.userIntent,
        consolidatedAt: null,
      });
      expect(Array.from(found!.embedding)).toEqual(Array.from(Float32Array.from(input.embedding)));
      expect(await store.get(agent, 'never-stored')).toBeNull();

      // What a caller does to a returned conversation never reaches the store.
      found!.keyEntities.push('Mallory');
      expect((await store.get(agent, 'lisbon-offsite'))!.keyEntities).toEqual(input.keyEntities);

      // Storing the same id again replaces it instead of adding a second entry.
      await store.store(agent, { ...input, fullText: 'user: replaced', timestamp: input.timestamp + 1 });
      expect((await store.get(agent, 'lisbon-offsite'))!.fullText).toBe('user: replaced');
      expect((await store.getStats(agent)).count).toBe(1);
    });

    contractCase('eviction', async () => {
      const base = clock.now() - HOUR;
      // Stored out of timestamp order: eviction must follow timestamps, not insertion order.
      const order = [2, 0, 4, 1, 3];
      for (const index of order) await store.store(agent, await conversation(FIXTURES[index]!, base + index * MINUTE));
      expect((await store.getStats(agent)).count).toBe(5);

      const sixth = await conversation({ ...fixture('dog-vet'), id: 'sixth' }, base + 10 * MINUTE);
      await expect(store.store(agent, sixth)).resolves.toEqual({ stored: true, evictedIds: ['lisbon-offsite'] });
      expect(await store.get(agent, 'lisbon-offsite')).toBeNull();
      const kept = (await store.getAll(agent, 10)).map((entry) => entry.conversationId);
      expect(kept).toEqual(['sixth', 'tax-return', 'birthday-cake', 'dog-vet', 'postgres-migration']);

      // A conversation older than everything kept is itself the one pushed out.
      const ancient = await conversation({ ...fixture('dog-vet'), id: 'ancient' }, base - HOUR);
      await expect(store.store(agent, ancient)).resolves.toEqual({ stored: false, evictedIds: ['ancient'] });
      expect(await store.get(agent, 'ancient')).toBeNull();
      expect((await store.getStats(agent)).count).toBe(5);
    });

    contractCase('ttl', async () => {
      const stored = await conversation(fixture('postgres-migration'), clock.now());
      await store.store(agent, stored);
      const postgres = await query('postgres billing migration', { keywords: ['postgres'] });

      clock.advance(6 * DAY + 23 * HOUR);
      expect(await store.get(agent, 'postgres-migration')).not.toBeNull();
      expect(await store.getAll(agent)).toHaveLength(1);
      expect(await store.search(agent, postgres)).toHaveLength(1);

      clock.advance(HOUR + MINUTE);
      expect(await store.get(agent, 'postgres-migration')).toBeNull();
      expect(await store.getAll(agent)).toEqual([]);
      expect(await store.search(agent, postgres)).toEqual([]);
      expect(await store.searchByEntities(agent, ['Postgres'])).toEqual([]);
      expect(await store.getStats(agent)).toEqual({ count: 0, oldest: null, newest: null, totalTextBytes: 0 });

      // Already older than the TTL when handed in: not kept.
      const stale = await conversation(fixture('tax-return'), clock.now() - 8 * DAY);
      await expect(store.store(agent, stale)).resolves.toEqual({ stored: false, evictedIds: [] });
      expect(await store.get(agent, 'tax-return')).toBeNull();

      // An expired entry does not take a capacity slot from fresh ones.
      await storeAll();
      expect((await store.getAll(agent, 10)).map((entry) => entry.conversationId)).toHaveLength(5);
    });

    contractCase('search', async () => {
      await storeAll();
      const question = await query('what did we decide about moving billing to postgres from mysql', {
        entities: ['Postgres'],
        topics: ['billing service'],
        keywords: ['postgres', 'billing', 'mysql'],
      });
      const matches = await store.search(agent, question);
      expect(matches).toHaveLength(3);
      const [best] = matches;
      expect(best!.conversation.conversationId).toBe('postgres-migration');
      expect(best!.conversation.fullText).toBe(fixture('postgres-migration').text);
      expect(best!.breakdown.embedding).toBeGreaterThan(0);
      expect(best!.breakdown.entities).toBeCloseTo(1 / 2);
      expect(best!.breakdown.topics).toBeCloseTo(1 / 3);
      expect(best!.breakdown.keywords).toBeCloseTo(3 / 6);
      const weights = DEFAULT_WORKING_MEMORY_WEIGHTS;
      expect(best!.score).toBeCloseTo(
        weights.embedding * best!.breakdown.embedding +
          weights.entities * best!.breakdown.entities +
          weights.topics * best!.breakdown.topics +
          weights.keywords * best!.breakdown.keywords,
      );
      for (let index = 1; index < matches.length; index += 1) expect(matches[index]!.score).toBeLessThanOrEqual(matches[index - 1]!.score);
      expect(await store.search(agent, question, 1)).toHaveLength(1);
      expect(await store.search(agent, question, 10)).toHaveLength(5);

      const dog = await store.search(agent, await query('biscuit the dog is limping again, vet?', {}), 1);
      expect(dog[0]!.conversation.conversationId).toBe('dog-vet');
    });

    contractCase('search by entities', async () => {
      await storeAll();
      const priya = await store.searchByEntities(agent, ['priya'], 5);
      // Lisbon has three entities, the cake one: Priya alone scores the cake conversation higher.
      expect(priya.map((match) => match.conversation.conversationId)).toEqual(['birthday-cake', 'lisbon-offsite']);
      expect(priya[0]!.breakdown.entities).toBeCloseTo(1);
      expect(priya[1]!.breakdown.entities).toBeCloseTo(1 / 3);
      expect((await store.searchByEntities(agent, ['Priya'], 1)).map((match) => match.conversation.conversationId)).toEqual(['birthday-cake']);
      expect(await store.searchByEntities(agent, ['Nobody Known'], 5)).toEqual([]);
    });

    contractCase('search by topics', async () => {
      await storeAll();
      const found = await store.searchByTopics(agent, ['Tax Return', 'deadline'], 5);
      expect(found.map((match) => match.conversation.conversationId)).toEqual(['tax-return']);
      expect(found[0]!.breakdown.topics).toBeCloseTo(1);
      expect(await store.searchByTopics(agent, ['gardening'], 5)).toEqual([]);
    });

    contractCase('get all', async () => {
      await storeAll();
      const ids = (await store.getAll(agent, 10)).map((entry) => entry.conversationId);
      expect(ids).toEqual(['tax-return', 'birthday-cake', 'dog-vet', 'postgres-migration', 'lisbon-offsite']);
      expect((await store.getAll(agent, 2)).map((entry) => entry.conversationId)).toEqual(['tax-return', 'birthday-cake']);
      expect(await store.getAll(agent, 0)).toEqual([]);
      expect(await store.getAll(otherAgent, 10)).toEqual([]);
    });

    contractCase('delete', async () => {
      await storeAll();
      await expect(store.delete(agent, 'dog-vet')).resolves.toBe(true);
      expect(await store.get(agent, 'dog-vet')).toBeNull();
      await expect(store.delete(agent, 'dog-vet')).resolves.toBe(false);
      expect((await store.getAll(agent, 10)).map((entry) => entry.conversationId)).not.toContain('dog-vet');
      expect((await store.getStats(agent)).count).toBe(4);
    });

    contractCase('stats', async () => {
      expect(await store.getStats(agent)).toEqual({ count: 0, oldest: null, newest: null, totalTextBytes: 0 });
      const start = await storeAll();
      const bytes = FIXTURES.reduce((total, spec) => total + Buffer.byteLength(spec.text, 'utf8'), 0);
      // 'café' is five bytes, four characters: the size is in bytes.
      expect(bytes).toBeGreaterThan(FIXTURES.reduce((total, spec) => total + spec.text.length, 0));
      expect(await store.getStats(agent)).toEqual({
        count: 5,
        oldest: start,
        newest: start + 4 * MINUTE,
        totalTextBytes: bytes,
      });
    });

    contractCase('agent isolation', async () => {
      await storeAll(agent);
      const mine = await conversation({ ...fixture('lisbon-offsite'), text: 'user: agent b own words' }, clock.now() - 30 * MINUTE);
      await store.store(otherAgent, mine);

      expect((await store.get(agent, 'lisbon-offsite'))!.fullText).toBe(fixture('lisbon-offsite').text);
      expect((await store.get(otherAgent, 'lisbon-offsite'))!.fullText).toBe('user: agent b own words');
      expect(await store.get(otherAgent, 'tax-return')).toBeNull();
      expect((await store.getStats(otherAgent)).count).toBe(1);
      expect((await store.searchByEntities(otherAgent, ['Postgres'], 5))).toEqual([]);
      expect((await store.search(otherAgent, await query('postgres billing', {}), 5)).map((match) => match.conversation.agentId)).toEqual(['agent-b']);

      // One agent's sixth conversation evicts only from its own five.
      await store.store(agent, await conversation({ ...fixture('dog-vet'), id: 'sixth' }, clock.now()));
      expect(await store.get(otherAgent, 'lisbon-offsite')).not.toBeNull();
      await store.delete(otherAgent, 'tax-return');
      expect(await store.get(agent, 'tax-return')).not.toBeNull();
      expect(await store.markConsolidated(otherAgent, ['dog-vet', 'sixth'], clock.now())).toBe(0);
      expect((await store.get(agent, 'sixth'))!.consolidatedAt).toBeNull();
    });

    contractCase('mark consolidated', async () => {
      await storeAll();
      const at = clock.now();
      await expect(store.markConsolidated(agent, ['dog-vet', 'tax-return', 'unknown-id'], at)).resolves.toBe(2);
      expect((await store.get(agent, 'dog-vet'))!.consolidatedAt).toBe(at);
      expect((await store.get(agent, 'lisbon-offsite'))!.consolidatedAt).toBeNull();
      const all = await store.getAll(agent, 10);
      expect(all.filter((entry) => entry.consolidatedAt === at).map((entry) => entry.conversationId)).toEqual(['tax-return', 'dog-vet']);
      await expect(store.markConsolidated(agent, [], at)).resolves.toBe(0);
      // Marking does not move the entry in the eviction order or reset its TTL.
      clock.advance(7 * DAY);
      expect(await store.get(agent, 'dog-vet')).toBeNull();
    });

    contractCase('validation', async () => {
      const input = await conversation(fixture('dog-vet'), clock.now());
      await expect(store.store({ agentId: '' }, input)).rejects.toMatchObject({ code: 'INVALID_AGENT_ID' });
      await expect(store.get({ agentId: '' }, 'dog-vet')).rejects.toMatchObject({ code: 'INVALID_AGENT_ID' });
      await expect(store.store(agent, { ...input, agentId: 'someone-else' })).rejects.toMatchObject({ code: 'INVALID_AGENT_ID' });
      await expect(store.store(agent, { ...input, timestamp: Number.NaN })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      await expect(store.getAll(agent, -1)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      await store.store(agent, input);
      const wrongSize = { embedding: new Float32Array(3).fill(1) };
      await expect(store.search(agent, wrongSize)).rejects.toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH' });
    });

    contractCase('conversation size', async () => {
      // describeConversation refuses a transcript over the bound; a host storing into the store directly got past it.
      const input = await conversation(fixture('dog-vet'), clock.now());
      const atLimit = `user: ${'a'.repeat(WORKING_MEMORY_LIMITS.conversation - 'user: '.length)}`;
      await expect(store.store(agent, { ...input, fullText: `${atLimit}b` })).rejects.toMatchObject({ code: 'CONTENT_TOO_LARGE' });
      expect(await store.get(agent, 'dog-vet')).toBeNull();
      await expect(store.store(agent, { ...input, fullText: atLimit })).resolves.toEqual({ stored: true, evictedIds: [] });
      expect((await store.get(agent, 'dog-vet'))!.fullText).toHaveLength(WORKING_MEMORY_LIMITS.conversation);
    });
  });
}
