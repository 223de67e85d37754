import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagesTable } from '../conversations/messages-table.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import type { SqliteBackend } from '../stores/sqlite/sqlite-backend.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippoTools } from './create-hippo-tools.ts';
import type { HippoTool } from './hippo-tool.ts';

/** mulberry32: a seeded generator, so a failing payload can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELDS = ['text', 'content', 'metadata', 'intensity', 'type', 'key', 'find', 'replace', 'query', 'limit', 'kind', 'description', '__proto__', 'constructor', ''];
const ODD_STRINGS = ['', ' ', '\u0000', '../../etc/passwd', "'; DROP TABLE memories; --", '"', 'NEAR(a b)', '🙂'.repeat(3), 'persona', 'human', 'I live in Berlin.', 'fact', 'memory', 'x'.repeat(70)];

function randomValue(random: () => number, depth = 0): unknown {
  const pick = random();
  if (pick < 0.12) return null;
  if (pick < 0.2) return undefined;
  if (pick < 0.3) return random() < 0.5;
  if (pick < 0.45) return [0, -1, 1, 0.5, 1.5, 1e308, -0, Number.NaN, Number.POSITIVE_INFINITY, 51, 3.7][Math.floor(random() * 11)];
  if (pick < 0.7) return ODD_STRINGS[Math.floor(random() * ODD_STRINGS.length)];
  if (pick < 0.78) return 'y'.repeat(random() < 0.5 ? 20_001 : 100_001);
  if (pick < 0.86 && depth < 2) return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1));
  if (depth < 2) return randomObject(random, depth + 1);
  return String.fromCharCode(...Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * 0xd7ff)));
}

function randomObject(random: () => number, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let count = Math.floor(random() * 4); count > 0; count -= 1) object[FIELDS[Math.floor(random() * FIELDS.length)]!] = randomValue(random, depth);
  return object;
}

let home: ReturnType<typeof createTempHome>;
let memory: Hippocampus;
let tools: HippoTool[];
beforeAll(async () => {
  home = createTempHome();
  memory = await createHippocampus({ home: home.home, agentId: 'fuzz', embedder: createHashEmbedder() });
  createMessagesTable((memory.backend as SqliteBackend).pool.connection('fuzz'));
  tools = createHippoTools({ memory, messagesTable: 'messages' });
});
afterAll(async () => {
  await memory.stop();
  home.cleanup();
});

function rowCounts(): unknown {
  return (memory.backend as SqliteBackend).pool
    .connection('fuzz')
    .prepare('SELECT (SELECT count(*) FROM memories) AS memories, (SELECT count(*) FROM memory_history) AS history, (SELECT count(*) FROM memory_blocks) AS blocks, (SELECT group_concat(key || length(value)) FROM memory_blocks) AS blockState, (SELECT sum(running_intensity) FROM memories) AS intensity')
    .get();
}

describe('the tool boundary under random payloads', () => {
  it('3,000 seeded payloads: never a throw, always a result, and an error result writes nothing', async () => {
    const random = seeded(20_250_601);
    let rejected = 0;
    for (let round = 0; round < 3_000; round += 1) {
      const tool = tools[Math.floor(random() * tools.length)]!;
      const payload = random() < 0.15 ? randomValue(random) : randomObject(random);
      const before = rowCounts();
      const result = await tool.execute(payload);
      expect(typeof result.ok, `${tool.name} ${JSON.stringify(payload)?.slice(0, 200)}`).toBe('boolean');
      if (!result.ok) {
        rejected += 1;
        expect(result.error.code).toMatch(/^[A-Z_]+$/);
        expect(rowCounts(), `${tool.name} changed rows on ${result.error.code}`).toEqual(before);
      }
    }
    expect(rejected).toBeGreaterThan(2_000);
  });
});
