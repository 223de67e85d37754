import type { Hippocampus } from '../memory/hippocampus.ts';
import { eachTestEngine } from './temp-engine.ts';

/**
 * A fresh agent with the default offline model (USE-lite) for each test of the file, for rules that read
 * similarities and so must run with the model they were measured on.
 *
 * @example
 * const agent = useLiteAgentPerTest();
 * it('…', async () => { await agent.remember(['I like Redux']); forgetByDescription(agent.memory(), 'Redux'); });
 */
export function useLiteAgentPerTest(): { memory(): Hippocampus; remember(contents: string[]): Promise<void> } {
  let memory: Hippocampus;
  eachTestEngine(() => ({ agentId: 'ada' }), (opened) => ({ memory } = opened));
  return {
    memory: () => memory,
    remember: async (contents) => {
      await memory.rememberMany(contents.map((content) => ({ type: 'observation' as const, content })), { longTerm: true });
    },
  };
}
