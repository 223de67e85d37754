import { createRuleFactClassifier } from '../facts/fact-classifier.ts';
import type { FactExtractor } from '../facts/fact-extractor.ts';
import { rememberFacts, type RememberFactsResult } from '../facts/remember-facts.ts';
import { bandsFor } from '../facts/similarity-bands.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import type { MemoryBlockStore } from '../spec/block-store.ts';
import { backendCapability } from '../memory/backend-capability.ts';
import { createHippoTools } from '../tools/create-hippo-tools.ts';
import type { HippoTool } from '../tools/hippo-tool.ts';

/** The agent tools and block store of one engine, built once: the HTTP routes for blocks, facts and forgetting call the same code agents do. */
export interface AgentToolbox {
  blocks: MemoryBlockStore;
  /** Runs a tool by name; a failed tool result becomes the HippocampusError it reported, so the status mapping applies. */
  run(name: string, input: unknown): Promise<unknown>;
}

const toolboxes = new WeakMap<Hippocampus, AgentToolbox>();

/**
 * @example
 * const { blocks } = toolboxOf(engine);
 * await toolboxOf(engine).run('append_memory_block', { key: 'human', text: 'Lives in Lisbon' });
 */
export function toolboxOf(engine: Hippocampus): AgentToolbox {
  let toolbox = toolboxes.get(engine);
  if (toolbox) return toolbox;
  // The engine's backend holds the routes' block writes behind its own (a live watcher's batch), as the tools'.
  const blocks = backendCapability(engine.backend, 'blocks', 'Memory blocks over HTTP');
  const tools = new Map<string, HippoTool>(createHippoTools({ memory: engine }).map((tool) => [tool.name, tool]));
  toolbox = {
    blocks,
    async run(name, input) {
      const tool = tools.get(name);
      if (!tool) throw new HippocampusError({ code: 'CONFIG_ERROR', message: `No agent tool "${name}"` });
      const result = await tool.execute(input);
      if (!result.ok) throw new HippocampusError({ code: result.error.code, message: result.error.message });
      return result.data;
    },
  };
  toolboxes.set(engine, toolbox);
  return toolbox;
}


/**
 * remember_facts as the HTTP tools run it (built without an LLM: the rule classifier, the embedder's similarity
 * bands), the text read by `extractor`: the facts route hands it what it already read of a new agent's text.
 *
 * @example
 * await rememberFactsOf(engine, createOfflineFactExtractor(), 'I moved to Lisbon'); // { summary, facts }
 */
export function rememberFactsOf(engine: Hippocampus, extractor: FactExtractor, text: string): Promise<RememberFactsResult> {
  return rememberFacts({ memory: engine, extractor, classifier: createRuleFactClassifier(), bands: bandsFor(engine.embedder) }, text);
}
