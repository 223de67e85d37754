import { z } from 'zod';
import { hasVisibleText } from '../core/stored-text.ts';
import { contextSchema } from './experience-schema.ts';
import { memoryIdSchema } from './identifiers.ts';
import type { LlmClient } from '../spec/llm-client.ts';

// The arguments of the engine's public methods, bounded: the same limits the HTTP API, the tools and
// the CLI apply, so no call from any surface (or from a JavaScript caller passing anything at all) can
// ask for unbounded work. A 1 MB query took 3.3 s and 0.7 GB in recallRelevant before these limits.

/** Longest query text (the HTTP search route's limit): a question or a conversation turn, not a document. */
export const MAX_QUERY_LENGTH = 4_000;
/** Most ids or experiences in one call. */
export const MAX_BATCH = 10_000;

export const memoryIdsSchema = z.array(memoryIdSchema).max(MAX_BATCH);
// No min(1) beside hasVisibleText: an empty string failed both, and the message said "must not be empty" twice.
export const queryTextSchema = z.string().trim().max(MAX_QUERY_LENGTH).refine(hasVisibleText, 'must not be empty');
export const keywordListSchema = z.array(z.string().trim().max(200).refine(hasVisibleText, 'must not be empty')).min(1).max(64);
const unit = z.number().min(0).max(1);

/** forgetByDescription's description: a string with something visible in it, as long as a query at most. */
export const forgetDescriptionSchema = z.string().max(MAX_QUERY_LENGTH).refine(hasVisibleText, 'must not be empty');
/** An LlmClient as a JavaScript caller may pass anything: an object with a provider, a model id and doGenerate. */
const llmClientSchema = z.custom<LlmClient>(
  (value) => typeof value === 'object' && value !== null && typeof (value as LlmClient).doGenerate === 'function' && typeof (value as LlmClient).provider === 'string' && typeof (value as LlmClient).modelId === 'string',
  'must be an LlmClient (provider, modelId, doGenerate), e.g. createOpenAICompatibleChat(…)',
);
/** Its options: a threshold (one similarity for both rules, or each rule's) between 0 and 1, dryRun, and the LLM asked when the rules are not sure. */
export const forgetOptionsSchema = z
  .object({
    threshold: z.union([unit, z.object({ similarity: unit, withEveryWord: unit }).strict()]).optional(),
    dryRun: z.boolean().optional(),
    llm: llmClientSchema.optional(),
    abortSignal: z.custom<AbortSignal>((value) => value instanceof AbortSignal, 'must be an AbortSignal').optional(),
  })
  .strict();

export const reinforcementSchema = z.object({ intensity: unit, importance: unit.optional(), setImportance: unit.optional(), context: contextSchema.optional() }).strict();
export const similarOptionsSchema = z.object({ limit: z.number().int().min(1).max(1_000).optional(), excludeSelf: z.boolean().optional() }).strict();
export const reviewLimitSchema = z.number().int().min(1).max(MAX_BATCH);
export const clusterDepthSchema = z.number().int().min(0).max(5);
export const clusterOptionsSchema = z.object({ fanOut: z.number().int().min(1).max(100).optional(), minSimilarity: z.number().min(-1).max(1).optional() }).strict();
export const backfillOptionsSchema = z
  .object({ batchSize: z.number().int().min(1).max(MAX_BATCH).optional(), onProgress: z.custom<(done: number, total: number) => void>((value) => typeof value === 'function', 'must be a function').optional() })
  .strict();
export const rememberManyOptionsSchema = z.object({ longTerm: z.boolean().optional() }).strict();
export const triggerSchema = z.string().min(1).max(64);

/**
 * What makes an object an `Embedder` (src/spec/embedder.ts), checked before anything is opened: another
 * library's embeddings object (`embedDocuments`, `embed`) got as far as writing the agent's database and
 * failed there as a STORE_ERROR quoting SQL. Only read, never the parsed copy: an embedder's fields may
 * be getters of a class instance.
 */
export const embedderShapeSchema = z.looseObject({
  provider: z.string().min(1),
  modelId: z.string().min(1),
  dimensions: z.number().int().min(1),
  maxBatchSize: z.number().int().min(1),
  doEmbed: z.custom<(...args: unknown[]) => unknown>((value) => typeof value === 'function', 'must be a function (the Embedder contract: doEmbed({ values }))'),
});
