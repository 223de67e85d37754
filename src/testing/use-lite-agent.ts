import { afterEach, beforeEach } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createTempHome } from './temp-home.ts';

/**
 * A fresh agent with the default offline model (USE-lite) for each test of the file, for rules that read
 * similarities and so must run with the model they were measured on.
 *
 * @example
 * const agent = useLiteAgentPerTest();
 * it('…', async () => { await agent.remember(['I like Redux']); forgetByDescription(agent.memory(), 'Redux'); });
 */
export function useLiteAgentPerTest(): { memory(): Hippocampus; remember(contents: string[]): Promise<void> } {
  let home: ReturnType<typeof createTempHome>;
  let memory: Hippocampus;
  beforeEach(async () => {
    home = createTempHome();
    memory = await createHippocampus({ home: home.home, agentId: 'ada' });
  });
  afterEach(async () => {
    await memory.stop();
    home.cleanup();
  });
  return {
    memory: () => memory,
    remember: async (contents) => {
      await memory.rememberMany(contents.map((content) => ({ type: 'observation' as const, content })), { longTerm: true });
    },
  };
}
