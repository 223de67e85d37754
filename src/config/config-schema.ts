import { z } from 'zod';
import { identifierSchema } from './identifiers.ts';
import { recallWeightsSchema } from './recall-relevant-schema.ts';

const durationMs = z.number().int().positive();

export const shortTermConfigSchema = z
  .object({
    /** Ring buffer size. */
    capacity: z.number().int().min(1).max(1_000_000).default(100),
    /** Entries older than this are dropped unless important enough to keep. */
    maxAgeMs: durationMs.default(60 * 60 * 1000),
    /** Old entries at or above this importance survive the age rule. */
    retainImportance: z.number().min(0).max(1).default(0.5),
  })
  .strict()
  .prefault({});

export const consolidationConfigSchema = z
  .object({
    tickMs: durationMs.default(1000),
    intervalMs: durationMs.default(60_000),
    /** Short-term entries at or above this importance move to long-term memory. */
    threshold: z.number().min(0).max(1).default(0.6),
    /** Consolidate when the buffer is fuller than this share. */
    fullRatio: z.number().min(0).max(1).default(0.8),
    /** An arrival at or above this importance triggers consolidation on the next tick. */
    urgentImportance: z.number().min(0).max(1).default(0.7),
  })
  .strict()
  .prefault({});

export const longTermConfigSchema = z
  .object({
    maxMemories: z.number().int().min(1).default(100_000),
    minImportance: z.number().min(0).max(1).default(0.3),
    /** A memory accessed or reinforced within this window is never pruned. */
    protectRecentMs: durationMs.default(7 * 24 * 60 * 60 * 1000),
    maintenanceIntervalMs: durationMs.default(10 * 60 * 1000),
  })
  .strict()
  .prefault({});

export const limitsConfigSchema = z
  .object({
    maxContentBytes: z.number().int().min(1).default(64 * 1024),
    maxTags: z.number().int().min(0).default(64),
  })
  .strict()
  .prefault({});

export const recallConfigSchema = z
  .object({
    /** Weights of the five recall signals; unspecified ones keep their measured defaults. */
    weights: recallWeightsSchema.default({}),
    /** λ of the strength model, per hour. */
    decayRate: z.number().positive().default(0.001),
    /**
     * Keyword search: a word in more than this many of the agent's memories adds
     * to the score of memories a rarer word matched, but pulls in no matches of
     * its own, which bounds the cost of BM25 (each match costs about a
     * microsecond). Below it, BM25 is exact; `Infinity` keeps it exact always.
     * Measured in docs/recall.md.
     */
    commonTermDocs: z.number().positive().default(1_000),
    queryCache: z.object({ maxEntries: z.number().int().min(0).default(100), ttlMs: durationMs.default(10 * 60 * 1000) }).strict().prefault({}),
  })
  .strict()
  .prefault({});

/** 'sqlite', or a PostgreSQL connection URL. */
export const storeSchema = z
  .string()
  .min(1)
  .refine((value) => value === 'sqlite' || (/^postgres(ql)?:\/\/\S+$/.test(value) && parsesAsUrl(value)), { message: "store must be 'sqlite' or a postgres:// URL" });

/** Whether the driver can read it: one it cannot ('[::1' unclosed, a port of letters) failed as a STORE_ERROR at connect. */
function parsesAsUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The whole engine configuration, validated in one place with its defaults.
 * Functions (clock, id generator, store, embedder instances) are passed beside
 * it, not inside it.
 */
export const engineConfigSchema = z.object({
  /** Root of all agents' data; `HIPPOCAMPUS_HOME` or ./.hippocampus when absent. */
  home: z.string().min(1).optional(),
  agentId: identifierSchema,
  sessionId: identifierSchema.optional(),
  shortTerm: shortTermConfigSchema,
  consolidation: consolidationConfigSchema,
  longTerm: longTermConfigSchema,
  limits: limitsConfigSchema,
  recall: recallConfigSchema,
  /** 'normal' survives a killed process; 'full' also survives power loss, at a cost per write. */
  durability: z.enum(['normal', 'full']).default('normal'),
  /**
   * Threads that answer `recallRelevant` on read-only SQLite connections of their own, shared by the
   * engines of one home in a process (0: every recall on the engine's event loop). SQLite files only;
   * writes stay on the engine's connection. Each worker holds, per agent it served, a page cache of up
   * to 64 MB and its own keyword postings (docs/recall.md, "Many searches at once"). Default 0: on two
   * cores they did not pay (the same doc gives the figures).
   */
  readWorkers: z.number().int().min(0).max(64).default(0),
  /**
   * Where memories live: absent or 'sqlite' — one SQLite file per agent under `home`; a
   * `postgres://…` (or `postgresql://…`) URL — every agent in that PostgreSQL database.
   */
  store: storeSchema.optional(),
})
  // A misspelled option (`embeder`, `readWorker`) is refused by name, not silently left at its default.
  .strict();

export type EngineConfigInput = z.input<typeof engineConfigSchema>;
export type EngineConfig = z.output<typeof engineConfigSchema>;
