import fs from 'node:fs';
import type { LocomoConversation } from '../../src/evaluation/locomo-dataset.ts';
import { createHippocampus } from '../../src/memory/hippocampus.ts';

/**
 * Ingests each LoCoMo conversation into its own agent (`locomo-<name>`) under
 * `home`, straight to long-term memory in batches of 256, unless `home` exists:
 * benches keep their ingested home and score many settings on the same state.
 */
export async function ingestLocomoOnce(home: string, conversations: LocomoConversation[]): Promise<void> {
  if (fs.existsSync(home)) return;
  for (const conversation of conversations) {
    const memory = await createHippocampus({ home, agentId: `locomo-${conversation.name}` });
    for (let start = 0; start < conversation.turns.length; start += 256) await memory.rememberMany(conversation.turns.slice(start, start + 256), { longTerm: true });
    await memory.stop();
    console.error(`ingested ${conversation.name}`);
  }
}
