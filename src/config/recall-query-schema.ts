import { z } from 'zod';
import { storableText } from '../core/stored-text.ts';
import { timeSchema } from './time-schema.ts';
import { MEMORY_KINDS, MEMORY_TYPES } from '../spec/memory-record.ts';

// Operands as what was stored from them (storableText: no U+0000, no lone surrogate), on every backend alike:
// a tag, domain, text or context value holding U+0000 was a STORE_ERROR on PostgreSQL and found nothing on SQLite.
const operand = () => z.string().min(1).transform(storableText);

/** The public input of `recall`. */
export const recallQuerySchema = z
  .object({
    types: z.array(z.enum(MEMORY_TYPES)).optional(),
    kinds: z.array(z.enum(MEMORY_KINDS)).optional(),
    tags: z.array(operand()).optional(),
    minImportance: z.number().min(0).max(1).optional(),
    limit: z.number().int().min(1).max(1_000_000).default(20),
    since: timeSchema.optional(),
    until: timeSchema.optional(),
    domain: operand().optional(),
    text: z.string().min(1).max(1000).transform(storableText).optional(),
    orderBy: z.enum(['timestamp', 'importance']).default('timestamp'),
    includeSuperseded: z.boolean().default(false),
    /** Count the listed memories as used (an access: importance and intensity nudged up). Listings only inspect by default. */
    recordAccess: z.boolean().default(false),
  })
  .strict();

export type RecallQueryInput = z.input<typeof recallQuerySchema>;
export type RecallQuery = z.output<typeof recallQuerySchema>;

export const relatedQuerySchema = z
  .object({
    userId: operand().optional(),
    roomId: operand().optional(),
    taskId: operand().optional(),
    limit: z.number().int().min(1).max(10_000).default(20),
  })
  .strict()
  .refine((value) => value.userId !== undefined || value.roomId !== undefined || value.taskId !== undefined, 'give at least one of userId, roomId, taskId');

export type RelatedQueryInput = z.input<typeof relatedQuerySchema>;
