import type { Hono } from 'hono';
import { parseWith } from '../../config/parse.ts';
import { storableText } from '../../core/stored-text.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import type { CandidateFact, FactExtractor } from '../../facts/fact-extractor.ts';
import { createOfflineFactExtractor } from '../../facts/offline-fact-extractor.ts';
import { summarizeFacts } from '../../facts/fact-summary.ts';
import { rememberFactsOf, toolboxOf } from '../agent-tools.ts';
import type { Hippocampus } from '../../memory/hippocampus.ts';
import type { EngineRegistry } from '../engine-registry.ts';
import type { RouteDependencies } from '../route-dependencies.ts';
import { appendBlockBodySchema, blockKeySchema, putBlockBodySchema, rememberFactsBodySchema, replaceBlockBodySchema } from '../schemas.ts';
import { agentOf, validBody } from '../validate.ts';

const keyOf = (value: string | undefined) => parseWith(blockKeySchema, value, 'block key');

/** Memory blocks (get, replace, append, overwrite) and remembering facts, through the same code as the agent tools. */
export function registerBlockRoutes(app: Hono, { registry, factExtractor = offlineFacts }: Pick<RouteDependencies, 'registry' | 'factExtractor'>): void {
  app.get('/agents/:agent/blocks', async (context) => {
    const engine = await registry.get(agentOf(context));
    return context.json({ blocks: await toolboxOf(engine).blocks.list({ agentId: engine.agentId }) });
  });

  app.get('/agents/:agent/blocks/:key', async (context) => {
    const engine = await registry.get(agentOf(context));
    const key = keyOf(context.req.param('key'));
    const [block] = await toolboxOf(engine).blocks.getMany({ agentId: engine.agentId }, [key]);
    if (!block) throw new HippocampusError({ code: 'BLOCK_NOT_FOUND', message: `There is no memory block "${key}"` });
    return context.json({ block });
  });

  // The writes that may create their agent check the key and body first: a refused write creates nothing.
  app.put('/agents/:agent/blocks/:key', async (context) => {
    const agentId = agentOf(context);
    const key = keyOf(context.req.param('key'));
    const { value } = await validBody(context, putBlockBodySchema);
    const engine = await registry.get(agentId, { create: true });
    // Answered as stored (storableText: a U+0000 is dropped on both stores): the reply echoed the NUL a GET then lacked.
    const block = { key, value: storableText(value), updatedAt: engine.clock.now() };
    await toolboxOf(engine).blocks.putMany({ agentId: engine.agentId }, [block]);
    return context.json({ block });
  });

  app.post('/agents/:agent/blocks/:key/replace', async (context) => {
    const engine = await registry.get(agentOf(context));
    const key = keyOf(context.req.param('key'));
    const body = await validBody(context, replaceBlockBodySchema);
    return context.json(await toolboxOf(engine).run('replace_memory_block', { key, ...body }));
  });

  app.post('/agents/:agent/blocks/:key/append', async (context) => {
    const agentId = agentOf(context);
    const key = keyOf(context.req.param('key'));
    const body = await validBody(context, appendBlockBodySchema);
    const engine = await registry.get(agentId, { create: true });
    return context.json(await toolboxOf(engine).run('append_memory_block', { key, ...body }));
  });

  app.post('/agents/:agent/facts', async (context) => {
    const agentId = agentOf(context);
    const { text } = await validBody(context, rememberFactsBodySchema);
    const existing = await existingEngine(registry, agentId);
    if (existing !== null) return context.json(await rememberFactsOf(existing, factExtractor, text));
    const fresh = await newAgentFor(registry, agentId, factExtractor, text);
    if (fresh === null) return context.json({ summary: summarizeFacts([]), facts: [] });
    return context.json(await rememberFactsOf(fresh.engine, fresh.extractor, text));
  });
}

/** The agent's engine, or null when the agent does not exist yet. */
function existingEngine(registry: EngineRegistry, agentId: string): Promise<Hippocampus | null> {
  return registry.get(agentId).catch((error: unknown) => {
    if (HippocampusError.isInstance(error) && error.code === 'NOT_FOUND') return null;
    throw error;
  });
}

/**
 * A new agent for text that states a fact, with the extractor that stores it answering that text with what was read
 * here; null for text that states none, which writes nothing: "ok thanks" sent for a new agent made its folder and an
 * empty database, listed from then on. Read once: the text was read here to decide and again to store.
 */
async function newAgentFor(registry: EngineRegistry, agentId: string, extractor: FactExtractor, text: string): Promise<{ engine: Hippocampus; extractor: FactExtractor } | null> {
  // As rememberFacts reads it (storableText): the same string asks for what was read here.
  const said = storableText(text);
  const read = await extractor.extract(said);
  if (read.length === 0) return null;
  return { engine: await registry.get(agentId, { create: true }), extractor: alreadyRead(extractor, said, read) };
}

/** `extractor`, answering `text` with the facts already read out of it. */
function alreadyRead(extractor: FactExtractor, text: string, read: CandidateFact[]): FactExtractor {
  return { kind: extractor.kind, extract: async (asked) => (asked === text ? read : extractor.extract(asked)) };
}

const offlineFacts = createOfflineFactExtractor();
