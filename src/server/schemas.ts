import { z } from 'zod';
import { queryTextSchema } from '../config/engine-call-schemas.ts';
import { createExperienceSchema } from '../config/experience-schema.ts';
import { identifierSchema, memoryIdSchema } from '../config/identifiers.ts';
import { storableText } from '../core/stored-text.ts';
import { recallRelevantOptionsSchema } from '../config/recall-relevant-schema.ts';
import { MEMORY_KINDS, MEMORY_TYPES } from '../spec/memory-record.ts';
import { appendBlockInput, blockKeySchema as toolBlockKeySchema, forgetDescriptionInput, MAX_BLOCK_CHARS, rememberFactsInput, replaceBlockInput } from '../tools/tool-inputs.ts';

/**
 * Every request the HTTP API accepts, as zod schemas. Routes validate with
 * these and /openapi.json is generated from these, so the two cannot drift.
 */

const integerText = (min: number, max: number) =>
  z
    .string()
    // A sign is read, so "-1" is told its range ("must be at least 1"), not that it is no whole number.
    .regex(/^-?\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const numberText = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const listText = <Values extends readonly [string, ...string[]]>(values: Values) =>
  z
    .string()
    .transform((text) => text.split(',').map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1));

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

export const TIER_FILTERS = ['core', 'active', 'background', 'archival', 'short-term'] as const;

export const agentParamsSchema = z.object({ agent: identifierSchema });
// The engine's own id rule (at most 128 characters, no U+0000): 64 here left ids a host's generateId or a mirror
// import made (up to 128) unreachable over HTTP.
export const memoryParamsSchema = z.object({ agent: identifierSchema, id: memoryIdSchema });

/** GET /agents/:agent/memories — newest first, keyset pagination by `cursor` (the last id of the previous page). */
export const listMemoriesQuerySchema = z
  .object({
    types: listText(MEMORY_TYPES).optional(),
    kinds: listText(MEMORY_KINDS).optional(),
    // Operands as what was stored from them (storableText), the cursor an id: each holding U+0000 was a 500
    // STORE_ERROR on PostgreSQL ("invalid byte sequence for encoding UTF8") and an empty page on SQLite.
    tags: z.string().transform((text) => storableText(text).split(',').map((item) => item.trim()).filter(Boolean)).optional(),
    tier: z.enum(TIER_FILTERS).optional(),
    minImportance: numberText(0, 1).optional(),
    domain: z.string().min(1).max(200).transform(storableText).optional(),
    text: z.string().min(1).max(1000).transform(storableText).optional(),
    since: integerText(0, Number.MAX_SAFE_INTEGER).optional(),
    until: integerText(0, Number.MAX_SAFE_INTEGER).optional(),
    /** Filter language as JSON text, e.g. {"importance":{"$gte":0.6}}. */
    filter: z.string().min(2).max(4000).optional(),
    includeSuperseded: booleanText.optional(),
    limit: integerText(1, 500).default(50),
    cursor: memoryIdSchema.optional(),
  })
  .strict();

const experienceSchema = createExperienceSchema({ maxContentBytes: 64 * 1024, maxTags: 64 });

/** POST /agents/:agent/memories — the engine re-validates with the agent's own limits. */
export const createMemoryBodySchema = experienceSchema;

/** PATCH /agents/:agent/memories/:id */
export const updateMemoryBodySchema = experienceSchema
  .pick({ content: true, importance: true, tags: true, domain: true, category: true, context: true, type: true })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'give at least one field to change');

/** POST /agents/:agent/search — hybrid recall; every option of recallRelevant plus the query text. */
export const searchBodySchema = recallRelevantOptionsSchema.extend({
  query: queryTextSchema,
  /** Let the router pick the layer (working memory, graph + long-term, skills); the answer says which and why. */
  route: z.boolean().optional(),
  /** Over HTTP a search inspects (the dashboard, a person looking) unless the caller says it uses what it finds. */
  recordAccess: z.boolean().default(false),
});

/** POST /agents/:agent/forget and /forget/preview. Ids by the engine's rule: at 64 characters here, a memory a host's
 * generateId or a mirror import named with up to 128 could be read and deleted (GET, DELETE) but not forgotten from
 * the dashboard, which forgets through this route. */
export const forgetBodySchema = z.object({ ids: z.array(memoryIdSchema).min(1).max(1000) }).strict();

export const exportQuerySchema = z.object({ format: z.enum(['json', 'markdown']).default('json') }).strict();

export const strengthQuerySchema = z
  .object({
    /** How far to project the decay curve into the future. */
    horizonDays: integerText(1, 3650).default(90),
    points: integerText(2, 500).default(60),
  })
  .strict();

export const consolidationsQuerySchema = z.object({ limit: integerText(1, 1000).default(100) }).strict();

/** Blocks: whole-value writes from the dashboard; find/replace and append exactly as the agent tools take them. */
export const blockKeySchema = toolBlockKeySchema;
export const putBlockBodySchema = z.object({ value: z.string().max(MAX_BLOCK_CHARS) }).strict();
export const replaceBlockBodySchema = replaceBlockInput.omit({ key: true });
export const appendBlockBodySchema = appendBlockInput.omit({ key: true });

/** POST /agents/:agent/facts — what the user said, verbatim (the remember_facts tool). */
export const rememberFactsBodySchema = rememberFactsInput;

/** POST /agents/:agent/forget and /forget/preview — by ids, or by a description (the forget_memory tool: semantic match, then purge; the preview runs the same match without deleting). */
export const forgetRequestBodySchema = z.union([forgetBodySchema, forgetDescriptionInput], {
  // A body matching neither form got only "(root): Invalid input" (a probe): say what it needs.
  error: (issue) => (issue.code === 'invalid_union' ? 'must be an object with either "ids" (a non-empty array of memory ids) or "description" (what to forget, in words), not both' : undefined),
});

/** GET /agents/:agent/graph/entities — most-mentioned first; `query` keeps names or aliases containing it. */
export const graphEntitiesQuerySchema = z
  .object({
    query: z.string().trim().max(200).optional(),
    limit: integerText(1, 500).default(100),
  })
  .strict();

/** GET /agents/:agent/graph/neighbors/:entity — the entity by name or alias. */
export const graphEntityParamSchema = z.string().trim().min(1).max(200);
