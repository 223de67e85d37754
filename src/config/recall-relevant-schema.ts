import { z } from 'zod';
import { timeSchema } from './time-schema.ts';
import { QUESTION_SHAPES } from '../nlp/question-shape.ts';
import { MEMORY_KINDS, MEMORY_TYPES } from '../spec/memory-record.ts';


const unit = z.number().min(0).max(1);

export const recallWeightsSchema = z.object({ semantic: unit, keyword: unit, thread: unit, time: unit, hop: unit, session: unit, speaker: unit, strength: unit, recency: unit, importance: unit }).partial().strict();

/** How the second hop (`weights.hop` > 0) reads the first pass: see DEFAULT_HOP in memory/recall-hop.ts. */
export const recallHopSchema = z
  .object({
    /** How many of the first pass's best hits are taken as relevant. */
    seeds: z.number().int().min(1).max(20),
    /** How far the query vector moves towards the seeds' mean vector (0: not at all). */
    feedback: z.number().min(0).max(4),
    /** How many of the seeds' words join the question's in the second keyword search (0: none). */
    terms: z.number().int().min(0).max(30),
  })
  .partial()
  .strict();

export type RecallHopOptions = z.output<typeof recallHopSchema>;

/** Options of `recallRelevant`. */
export const recallRelevantOptionsSchema = z
  .object({
    domain: z.string().min(1).optional(),
    minImportance: unit.optional(),
    limit: z.number().int().min(1).max(1000).default(10),
    timeRange: z.object({ since: timeSchema.optional(), until: timeSchema.optional() }).strict().optional(),
    types: z.array(z.enum(MEMORY_TYPES)).optional(),
    kinds: z.array(z.enum(MEMORY_KINDS)).optional(),
    tags: z.array(z.string().min(1)).optional(),
    /**
     * Filter language object (or its JSON text), see parseFilter, which checks every key. Taken as
     * given: z.record drops an own "__proto__" key, and the search then ran without that condition.
     */
    filter: z
      .union([
        z
          .custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'must be an object of field → condition')
          .meta({ type: 'object', additionalProperties: {} }),
        z.string(),
      ])
      .optional(),
    mode: z.enum(['semantic', 'keyword', 'hybrid']).default('hybrid'),
    /** Share of the relevance weight given to semantic similarity in hybrid mode. */
    hybridRatio: unit.optional(),
    /** Drop results whose relevance (similarity / normalized BM25 blend) is below this. */
    similarityThreshold: unit.optional(),
    weights: recallWeightsSchema.optional(),
    /** Weight of a memory's neighbouring turns' text in its keyword score, its own text weighing 1 (default DEFAULT_NEIGHBOUR_WEIGHT). */
    neighbourWeight: unit.optional(),
    /**
     * Score again without the names of the speakers the question asks about, once the speaker signal found them
     * (see speaker-free-query.ts); a list of question shapes: only for a question of one of them (see questionShape).
     */
    speakerFreeQuery: z.union([z.boolean(), z.array(z.enum(QUESTION_SHAPES))]).optional(),
    /**
     * Weights for a question of one shape only (see questionShape: `inference`, `list`), laid over the engine's; the
     * call's `weights` still win. Replaces the defaults (DEFAULT_SHAPE_WEIGHTS) whole; `{}` for none.
     */
    shapeWeights: z.object({ inference: recallWeightsSchema, list: recallWeightsSchema }).partial().strict().optional(),
    /** Shape of the second hop, used when `weights.hop` > 0. */
    hop: recallHopSchema.optional(),
    /** Score importance as importance × e^(−days/90). */
    temporalDecay: z.boolean().default(false),
    /** Record the access on what is returned (default true). */
    recordAccess: z.boolean().default(true),
    /** Extra candidates beyond `limit` taken from each index before blending. */
    candidates: z.number().int().min(1).max(10_000).optional(),
  })
  .strict();

export type RecallRelevantOptionsInput = z.input<typeof recallRelevantOptionsSchema>;
export type RecallRelevantOptions = z.output<typeof recallRelevantOptionsSchema>;
