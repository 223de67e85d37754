import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHippocampus, HippocampusError } from '../index.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';

async function codeOf(work: () => unknown): Promise<string> {
  try {
    await work();
    return 'stored';
  } catch (error) {
    return HippocampusError.isInstance(error) ? error.code : `bare ${(error as Error).name}`;
  }
}

describe("an experience's context", () => {
  let temp: ReturnType<typeof createTempHome>;
  beforeEach(() => (temp = createTempHome()));
  afterEach(() => temp.cleanup());

  it('is refused as a VALIDATION_ERROR when nested too deep or too large (a bare RangeError, and 5 MB stored), and kept otherwise', async () => {
    const memory = await createHippocampus({ home: temp.home, agentId: 'ada', embedder: createHashEmbedder() });
    try {
      const nested = (depth: number) => {
        const root: Record<string, unknown> = {};
        let node = root;
        for (let level = 1; level < depth; level += 1) node = (node.a = {}) as Record<string, unknown>;
        return root;
      };
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      expect(await codeOf(() => memory.remember({ type: 'chat', content: 'deep', context: nested(10_000) }))).toBe('VALIDATION_ERROR');
      expect(await codeOf(() => memory.remember({ type: 'chat', content: 'cyclic', context: cyclic }))).toBe('VALIDATION_ERROR');
      expect(await codeOf(() => memory.remember({ type: 'chat', content: 'large', context: { note: 'y'.repeat(5_000_000) } }))).toBe('VALIDATION_ERROR');
      expect(await codeOf(() => memory.enqueue({ type: 'chat', content: 'queued', context: nested(100) }))).toBe('VALIDATION_ERROR');
      const { memory: kept } = await memory.remember({ type: 'chat', content: 'kept', context: { ...nested(32), note: 'y'.repeat(90_000) } });
      expect(await codeOf(() => memory.reinforce(kept.id, { intensity: 0.5, context: nested(10_000) }))).toBe('VALIDATION_ERROR');
      expect(await memory.recall({})).toHaveLength(1);
    } finally {
      await memory.stop();
    }
  });
});

describe("an experience's context keys", () => {
  let temp: ReturnType<typeof createTempHome>;
  beforeEach(() => (temp = createTempHome()));
  afterEach(() => temp.cleanup());

  it('__proto__, constructor and prototype, at any depth, are a VALIDATION_ERROR naming the key, and nothing is stored', async () => {
    const memory = await createHippocampus({ home: temp.home, agentId: 'ada', embedder: createHashEmbedder() });
    try {
      // As a JSON body arrives (HTTP, MCP, the CLI's --context): `__proto__` an own key, which the schema's
      // record dropped without a word, with what it held (probe).
      for (const json of ['{"__proto__": {"room": "4B"}}', '{"constructor": "x"}', '{"where": {"prototype": 1}}', '{"list": [{"__proto__": 1}]}']) {
        const refused = memory.remember({ type: 'chat', content: 'The meeting moved', context: JSON.parse(json) });
        await expect(refused, json).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/__proto__|constructor|prototype/) });
      }
      expect(await memory.recall({})).toHaveLength(0);
      const { memory: kept } = await memory.remember({ type: 'chat', content: 'kept', context: JSON.parse('{"proto": 1, "constructors": ["a"]}') });
      expect(kept.context).toEqual({ proto: 1, constructors: ['a'] });
      await expect(memory.reinforce(kept.id, { intensity: 0.5, context: JSON.parse('{"__proto__": {"a": 1}}') })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    } finally {
      await memory.stop();
    }
  });
});

describe('text with nothing to show', () => {
  let temp: ReturnType<typeof createTempHome>;
  beforeEach(() => (temp = createTempHome()));
  afterEach(() => temp.cleanup());

  it('is refused as content and as a question, as white space is (zero-width spaces, a BOM, a soft hyphen), and stores nothing', async () => {
    const memory = await createHippocampus({ home: temp.home, agentId: 'ada', embedder: createHashEmbedder() });
    try {
      for (const invisible of ['\u200b\u200b', '\u00ad\ufeff', ' \u2060 ', '\u0000']) {
        expect(await codeOf(() => memory.remember({ type: 'chat', content: invisible })), JSON.stringify(invisible)).toBe('VALIDATION_ERROR');
        expect(await codeOf(() => memory.recallRelevant(invisible)), JSON.stringify(invisible)).toBe('VALIDATION_ERROR');
      }
      expect(await memory.recall({})).toHaveLength(0);
      // A memory of an emoji or of punctuation shows something: kept.
      expect(await codeOf(() => memory.remember({ type: 'chat', content: '👍' }))).toBe('stored');
      expect(await codeOf(() => memory.recallRelevant('?'))).toBe('stored');
    } finally {
      await memory.stop();
    }
  });
});
