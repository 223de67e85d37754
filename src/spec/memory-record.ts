/** The seven kinds of experience an agent can have. */
export const MEMORY_TYPES = ['chat', 'observation', 'task', 'decision', 'tool-use', 'error', 'insight'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** A raw memory keeps what happened; a fact is a distilled statement that can be reinforced or superseded. */
export const MEMORY_KINDS = ['memory', 'fact'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** Free-form context of an experience; the well-known keys are typed, anything JSON is allowed. */
export interface MemoryContext {
  roomId?: string;
  userId?: string;
  taskId?: string;
  messageId?: string;
  domain?: string;
  mentionedMe?: boolean;
  userDirectMessage?: boolean;
  actionTaken?: boolean;
  errorRecovered?: boolean;
  [key: string]: unknown;
}

/**
 * The one record every layer of Hippocampus shares. Times are epoch milliseconds.
 */
export interface MemoryRecord {
  /** ULID: time-sortable, unique. */
  id: string;
  /** The persona that owns the memory. */
  agentId: string;
  sessionId: string | null;
  type: MemoryType;
  kind: MemoryKind;
  content: string;
  context: MemoryContext;
  domain: string | null;
  category: string | null;
  /** When it happened (may lie in the past for imported history). */
  timestamp: number;
  createdAt: number;
  /** Null while the memory lives only in short-term memory. */
  consolidatedAt: number | null;
  lastAccessedAt: number | null;
  /** 0..1 */
  importance: number;
  accessCount: number;
  /** Strength model: running average of the intensities the memory was encountered with. */
  runningIntensity: number;
  encounterCount: number;
  supersededBy: string | null;
  /** SHA-256 of the normalized content. */
  contentHash: string;
  relatedTo: string[];
  tags: string[];
  source: string | null;
}

/** What a caller hands in: the content and type, everything else optional. */
export interface ExperienceInput {
  type: MemoryType;
  content: string;
  kind?: MemoryKind;
  sessionId?: string;
  context?: MemoryContext;
  domain?: string;
  category?: string;
  timestamp?: number | string | Date;
  importance?: number;
  intensity?: number;
  tags?: string[];
  relatedTo?: string[];
  source?: string;
}
