/** One message of a conversation, as every source hands it to the analyzer. */
export interface ConversationMessage {
  /** Stable across reads: the message's own id, or one derived from where it was read. */
  id: string;
  /** 'user' | 'assistant' | 'system' | 'tool', or a speaker's name for multi-party transcripts. */
  role: string;
  content: string;
  /** Epoch milliseconds. */
  timestamp: number;
}

// Where a source was read up to: persisted per agent and source in the same transaction as the
// memories the batch produced, so a crash can never separate "analyzed" from "remembered".
import type { SourcePosition } from '../spec/watermark-store.ts';

export type { SourcePosition };

/** A line that could not be read as a message: reported, skipped, consumed. */
export interface SourceProblem {
  line: number;
  message: string;
  /** A well-formed line or row in a role no one speaks in: consumed unread, not damaged. */
  readPast?: true;
}

export interface SourceBatch {
  messages: ConversationMessage[];
  /** The position after this batch; saving it marks every message above as analyzed. */
  next: SourcePosition;
  problems: SourceProblem[];
  /** Set when the source changed under the watermark and was handled. */
  reset?: 'rotated' | 'truncated' | 'rewritten';
}

/**
 * A conversation the live watcher reads from. Reads are pure: nothing is
 * consumed until the watcher saves `next` as the watermark.
 */
export interface ConversationSource {
  /** Names the source in the watermark table (a path, a table, a channel). */
  readonly id: string;
  read(from: SourcePosition | null, options: { maxMessages: number }): Promise<SourceBatch>;
  /** Calls `onChange` when new messages may be there (follow mode); returns the unsubscribe. */
  subscribe?(onChange: () => void): () => void;
}

/** The position of a source nothing has been read from. */
export function startPosition(): SourcePosition {
  return { offset: 0, line: 0, inode: null, size: null, firstLineHash: null, lastLineHash: null, lastMessageId: null };
}
