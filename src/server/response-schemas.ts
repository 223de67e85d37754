import { z } from 'zod';

/**
 * Answers of the newer routes as zod schemas: /openapi.json documents them
 * and the API tests parse real answers with them, so the two cannot drift.
 */

const sourcePositionSchema = z.object({
  offset: z.number().int(),
  line: z.number().int(),
  inode: z.string().nullable(),
  size: z.number().int().nullable(),
  firstLineHash: z.string().nullable(),
  lastLineHash: z.string().nullable(),
  lastMessageId: z.string().nullable(),
});

/** GET /agents/:agent/watcher */
export const watcherStatusResponseSchema = z.object({
  sources: z.array(
    z.object({
      sourceId: z.string(),
      position: sourcePositionSchema,
      updatedAt: z.number().int().describe('When the watermark last moved (epoch ms)'),
      lagSeconds: z.number().min(0).describe('Seconds since the last processed batch'),
    }),
  ),
});

const graphEntitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['person', 'place', 'organization', 'thing', 'date', 'concept', 'other']),
  aliases: z.array(z.string()),
  createdAt: z.number().int(),
});

/** GET /agents/:agent/graph/entities */
export const graphEntitiesResponseSchema = z.object({ entities: z.array(graphEntitySchema.extend({ mentions: z.number().int() })) });

const graphRelationSchema = z.object({
  id: z.number().int(),
  subject: graphEntitySchema,
  predicate: z.string(),
  object: graphEntitySchema,
  confidence: z.number().min(0).max(1),
  validFrom: z.number().int().nullable(),
  validTo: z.number().int().nullable().describe('Null while the relation holds; set once it was closed'),
  /** Convenience for readers: validTo is set and not in the future. */
  closed: z.boolean(),
  memoryIds: z.array(z.string()),
});

/** GET /agents/:agent/graph/neighbors/:entity */
export const graphNeighborsResponseSchema = z.object({
  entity: graphEntitySchema,
  relations: z.array(graphRelationSchema),
  /** The memories the relations were read from that still exist. */
  memories: z.array(z.object({ id: z.string(), content: z.string(), type: z.string(), timestamp: z.number().int() })),
});
