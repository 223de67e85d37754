import { z } from 'zod';
import { MEMORY_TYPES } from '../spec/memory-record.ts';
import { hasVisibleText } from '../core/stored-text.ts';

// Limits at the tool boundary: a model that loops or pastes a whole file gets
// a typed error instead of a multi-megabyte write.
export const MAX_TEXT_CHARS = 20_000;
export const MAX_CONTENT_CHARS = 100_000;
export const MAX_BLOCK_CHARS = 50_000;
export const MAX_QUERY_CHARS = 2_000;

const nonBlank = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(hasVisibleText, 'must not be empty');

/** Block keys become part of prompts and storage keys: short, plain, no odd characters. */
export const blockKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "must be 1–64 letters, digits, '_', '.' or '-', starting with a letter or digit")
  .describe('Block name, e.g. "persona", "human", "objectives"');

const metadataValue = z.union([z.string().max(2_000), z.number().refine(Number.isFinite, 'must be finite'), z.boolean(), z.null()]);

export const rememberFactsInput = z.object({ text: nonBlank(MAX_TEXT_CHARS).describe('What the user said, verbatim') }).strict();

export const storeMemoryInput = z
  .object({
    content: nonBlank(MAX_CONTENT_CHARS).describe('The memory to store verbatim: a decision, an experience, a document chunk'),
    metadata: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'keys must be plain identifiers'), metadataValue)
      .refine((value) => Object.keys(value).length <= 32, 'at most 32 keys')
      .optional()
      .describe('Flat key/value context, e.g. { "userId": "u1", "source": "meeting notes" }'),
    intensity: z.number().min(0).max(1).optional().describe('How strongly it matters, 0..1 (default 0.5)'),
    type: z.enum(MEMORY_TYPES).optional().describe('Kind of experience (default "observation")'),
  })
  .strict();

export const replaceBlockInput = z
  .object({
    key: blockKeySchema,
    find: z.string().min(1, 'must not be empty').max(MAX_BLOCK_CHARS).describe('Exact text to find; every occurrence is replaced'),
    replace: z.string().max(MAX_BLOCK_CHARS).describe('Replacement text (may be empty to delete)'),
  })
  .strict();

export const appendBlockInput = z.object({ key: blockKeySchema, text: nonBlank(MAX_BLOCK_CHARS).describe('Text to append on a new line') }).strict();

export const recallBlockInput = z.object({ key: blockKeySchema }).strict();

export const recallMemoriesInput = z
  .object({
    query: nonBlank(MAX_QUERY_CHARS).describe('What to recall, in words'),
    limit: z.number().int().min(1).max(50).default(10).describe('At most this many (default 10)'),
    kind: z.enum(['fact', 'memory']).optional().describe('Only facts or only raw memories (default both)'),
  })
  .strict();

export const recallConversationInput = z
  .object({
    query: nonBlank(MAX_QUERY_CHARS).describe('Words to look for in past messages'),
    limit: z.number().int().min(1).max(50).default(10).describe('At most this many (default 10)'),
  })
  .strict();

/** What forget_memory's first step takes: a description in the user's words. */
export const forgetDescriptionInput = z.object({ description: nonBlank(MAX_QUERY_CHARS).describe('What to forget, described in words') }).strict();

export const forgetMemoryInput = z
  .object({
    description: nonBlank(MAX_QUERY_CHARS).optional().describe('What to forget, described in words'),
    ids: z.array(z.string().min(1).max(128)).min(1).max(100).optional().describe('Ids of candidates a previous call returned, to forget them (the confirmation step)'),
  })
  .strict()
  .refine((input) => (input.description === undefined) !== (input.ids === undefined), 'give either description or ids');
