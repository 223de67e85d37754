import { z } from 'zod';
import { storableTimeSchema } from './time-schema.ts';
import { MEMORY_KINDS, MEMORY_TYPES } from '../spec/memory-record.ts';
import { identifierSchema } from './identifiers.ts';

const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.string(), z.number().refine(Number.isFinite, 'must be finite'), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

export const contextSchema = z.record(z.string(), jsonValue);


const unit = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');

/** The public input of `remember`/`enqueue`, with the content size limit of this engine. */
export function createExperienceSchema(limits: { maxContentBytes: number; maxTags: number }) {
  return z
    .object({
      type: z.enum(MEMORY_TYPES),
      content: z
        .string()
        .refine((value) => value.trim().length > 0, 'must not be empty')
        .refine((value) => Buffer.byteLength(value, 'utf8') <= limits.maxContentBytes, `must be at most ${limits.maxContentBytes} bytes`),
      kind: z.enum(MEMORY_KINDS).optional(),
      sessionId: identifierSchema.optional(),
      context: contextSchema.optional(),
      domain: z.string().max(200).optional(),
      category: z.string().max(200).optional(),
      timestamp: storableTimeSchema.optional(),
      importance: unit.optional(),
      intensity: unit.optional(),
      tags: z.array(z.string().min(1).max(200)).max(limits.maxTags).optional(),
      relatedTo: z.array(z.string().min(1).max(64)).max(1000).optional(),
      source: z.string().max(200).optional(),
    })
    .strict();
}

export type ValidExperience = z.output<ReturnType<typeof createExperienceSchema>>;
