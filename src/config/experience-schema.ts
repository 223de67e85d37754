import { z } from 'zod';
import { hasVisibleText, storableText } from '../core/stored-text.ts';
import { storableTimeSchema } from './time-schema.ts';
import { MEMORY_KINDS, MEMORY_TYPES } from '../spec/memory-record.ts';
import { identifierSchema, memoryIdSchema } from './identifiers.ts';

// Without U+0000 (storableText), on every backend alike: on PostgreSQL a remember holding one failed as a STORE_ERROR.
const storedText = z.string().transform(storableText);
const storable = <Output extends string>(schema: z.ZodType<Output, string>) => storedText.pipe(schema);

const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([storedText, z.number().refine(Number.isFinite, 'must be finite'), z.boolean(), z.null(), z.array(jsonValue), z.record(storedText, jsonValue)]),
);

/** How deep a memory's context may nest, and how large it may be as JSON: a context is metadata beside the content. */
export const CONTEXT_LIMITS = { depth: 32, bytes: 100_000 } as const;

/**
 * Keys a context may not hold, at any depth: the record schema builds its output by assignment, so `__proto__`
 * (an own key of a parsed JSON body) set the new object's prototype and was dropped with what it held, without a
 * word (probe); `constructor` and `prototype` read as the object's own machinery in a host's code.
 */
const RESERVED_CONTEXT_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Why a context is too deep, too large or holds a reserved key, measured without recursion: a context nested
 * 10,000 deep overflowed the stack of the recursive schema (a bare RangeError), and one of 5 MB was stored
 * beside a 100 KB content cap.
 */
function contextShapeProblem(value: unknown): string | null {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > CONTEXT_LIMITS.depth) return `must nest at most ${CONTEXT_LIMITS.depth} levels deep`;
    const reserved = Object.keys(node).find((key) => RESERVED_CONTEXT_KEYS.has(key));
    if (reserved !== undefined && !Array.isArray(node)) return `must not hold the key "${reserved}" (reserved: ${[...RESERVED_CONTEXT_KEYS].join(', ')})`;
    for (const inner of Object.values(node)) pending.push([inner, depth + 1]);
  }
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  return bytes > CONTEXT_LIMITS.bytes ? `must be at most ${CONTEXT_LIMITS.bytes} bytes as JSON, got ${bytes}` : null;
}

export const contextSchema = z
  .unknown()
  .superRefine((value, context) => {
    const problem = contextShapeProblem(value);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  })
  .pipe(z.record(storedText, jsonValue));


const unit = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');

/** The public input of `remember`/`enqueue`, with the content size limit of this engine. */
export function createExperienceSchema(limits: { maxContentBytes: number; maxTags: number }) {
  return z
    .object({
      type: z.enum(MEMORY_TYPES),
      content: storedText
        .refine(hasVisibleText, 'must not be empty')
        .refine((value) => Buffer.byteLength(value, 'utf8') <= limits.maxContentBytes, `must be at most ${limits.maxContentBytes} bytes`),
      kind: z.enum(MEMORY_KINDS).optional(),
      sessionId: identifierSchema.optional(),
      context: contextSchema.optional(),
      domain: storable(z.string().max(200)).optional(),
      category: storable(z.string().max(200)).optional(),
      timestamp: storableTimeSchema.optional(),
      importance: unit.optional(),
      intensity: unit.optional(),
      tags: z.array(storable(z.string().min(1).max(200))).max(limits.maxTags).optional(),
      // Ids as the engine takes them (up to 128 characters): at 64, a memory could not relate to one a host's generateId named.
      relatedTo: z.array(memoryIdSchema).max(1000).optional(),
      source: storable(z.string().max(200)).optional(),
    })
    .strict();
}

export type ValidExperience = z.output<ReturnType<typeof createExperienceSchema>>;
