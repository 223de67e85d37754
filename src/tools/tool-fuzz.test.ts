import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagesTable } from '../conversations/messages-table.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import type { SqliteBackend } from '../stores/sqlite/sqlite-backend.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { randomObject, randomValue, seeded } from '../testing/fuzz-values.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippoTools } from './create-hippo-tools.ts';
import type { HippoTool } from './hippo-tool.ts';

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
