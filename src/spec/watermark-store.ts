import type { AgentScope } from './memory-store.ts';

/** Where a conversation source was read up to: what the live watcher saves with the memories of a batch. */
export interface SourcePosition {
  /** Bytes consumed (transcripts); only whole lines are ever consumed. */
  offset: number;
  /** Lines consumed, so a malformed line can be reported by its number. */
  line: number;
  inode: string | null;
  size: number | null;
  /** "<bytes>:<sha256 prefix>" of the first line: recognises the same file after a rename or a copy. */
  firstLineHash: string | null;
  /** "<bytes>:<sha256 prefix>" of the last consumed line: proves the bytes before `offset` are unchanged. */
  lastLineHash: string | null;
  /** Table and pushed sources: the last message id consumed. */
  lastMessageId: string | null;
}

/**
 * Where each conversation source was read up to, per agent. Saved inside the backend's `atomically`
 * with the memories a batch produced, so each message is analyzed exactly once.
 */
export interface WatermarkStore {
  load(scope: AgentScope, sourceId: string): Promise<SourcePosition | null>;
  save(scope: AgentScope, sourceId: string, position: SourcePosition, at: number): Promise<void>;
  /** Every source of the agent with its watermark and when it last moved, by source id (status pages, lag metrics). */
  list(scope: AgentScope): Promise<{ sourceId: string; position: SourcePosition; updatedAt: number }[]>;
}
