import { z } from 'zod';
import { memoryIdSchema } from '../config/identifiers.ts';
import { MEMORY_KINDS, MEMORY_TYPES, type MemoryRecord } from '../spec/memory-record.ts';

/** Bumped when index.json changes shape; import refuses versions it does not know. */
export const MIRROR_VERSION = 1;

const isoTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO date');

/**
 * One memory in index.json: the fields a person reads first (id, domain,
 * category, content, importance, created, lastAccessed, timesReinforced,
 * keywords), then everything else the row holds, so a round trip loses nothing.
 */
export const mirrorEntrySchema = z
  .object({
    // Ids as every call takes them (at most 128 characters, no U+0000): a longer one was imported and then
    // could be neither read nor forgotten by id (VALIDATION_ERROR), and was a STORE_ERROR on PostgreSQL.
    id: memoryIdSchema,
    domain: z.string().min(1).nullable(),
    category: z.string().min(1).nullable(),
    content: z.string().min(1),
    importance: z.number().min(0).max(1),
    created: isoTime,
    lastAccessed: isoTime.nullable(),
    timesReinforced: z.number().int().min(0),
    keywords: z.array(z.string().min(1)),
    kind: z.enum(MEMORY_KINDS),
    type: z.enum(MEMORY_TYPES),
    timestamp: isoTime,
    consolidated: isoTime.nullable(),
    intensity: z.number().min(0).max(1),
    accessCount: z.number().int().min(0),
    sessionId: memoryIdSchema.nullable(),
    supersededBy: memoryIdSchema.nullable(),
    relatedTo: z.array(memoryIdSchema),
    context: z.record(z.string(), z.unknown()),
    source: z.string().nullable(),
  })
  .strict();

export const mirrorIndexSchema = z
  .object({
    version: z.literal(MIRROR_VERSION),
    lastUpdated: isoTime,
    agentId: z.string().min(1),
    memories: z.array(mirrorEntrySchema),
  })
  .strict();

/**
 * exportMirror's and importMirror's options: the folder as a non-empty path (a missing one failed with Node's
 * ERR_INVALID_ARG_TYPE, and an empty one wrote the mirror into the working directory), the export's time finite.
 */
export const mirrorOptionsSchema = z.object({ dir: z.string().min(1, 'must be the mirror folder'), now: z.number().finite().optional() });

export type MirrorEntry = z.infer<typeof mirrorEntrySchema>;
export type MirrorIndex = z.infer<typeof mirrorIndexSchema>;

const iso = (time: number) => new Date(time).toISOString();

/** A stored memory as an index.json entry. */
export function toMirrorEntry(record: MemoryRecord): MirrorEntry {
  return {
    id: record.id,
    domain: record.domain,
    category: record.category,
    content: record.content,
    importance: record.importance,
    created: iso(record.createdAt),
    lastAccessed: record.lastAccessedAt === null ? null : iso(record.lastAccessedAt),
    timesReinforced: record.encounterCount - 1,
    keywords: record.tags,
    kind: record.kind,
    type: record.type,
    timestamp: iso(record.timestamp),
    consolidated: record.consolidatedAt === null ? null : iso(record.consolidatedAt),
    intensity: record.runningIntensity,
    accessCount: record.accessCount,
    sessionId: record.sessionId,
    supersededBy: record.supersededBy,
    relatedTo: record.relatedTo,
    context: record.context,
    source: record.source,
  };
}
