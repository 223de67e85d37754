import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import type { Embedder } from '../spec/embedder.ts';
import { createHippoTools, type HippoToolsOptions } from './create-hippo-tools.ts';
import type { HippoTool } from './hippo-tool.ts';

export interface OpenHippoToolsOptions extends Omit<HippoToolsOptions, 'memory' | 'agentId'> {
  agentId: string;
  /** Data directory; `HIPPOCAMPUS_HOME` or ./.hippocampus when absent. */
  home?: string;
  /** The offline USE-lite model when absent; `null` for keyword-only memory. */
  embedder?: Embedder | null;
}

/**
 * The tools without an engine at hand: opens the agent's memory (its own SQLite
 * file under `home`) and returns the tools with it. Call `close()` when done.
 *
 * @example
 * const { tools, close } = await openHippoTools({ agentId: 'ada', home: './.hippocampus' });
 * await tools.find((tool) => tool.name === 'store_memory')!.execute({ content: 'The deploy key rotates on Fridays' });
 * await close();
 */
export async function openHippoTools(options: OpenHippoToolsOptions): Promise<{ tools: HippoTool[]; memory: Hippocampus; close: () => Promise<void> }> {
  const { home, embedder, agentId, ...toolOptions } = options;
  const memory = await createHippocampus({ agentId, ...(home === undefined ? {} : { home }), ...(embedder === undefined ? {} : { embedder }) });
  return { tools: createHippoTools({ ...toolOptions, memory }), memory, close: async () => void (await memory.stop()) };
}
