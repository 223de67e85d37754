import type { AgentScope } from './memory-store.ts';

/** A named, always-in-context block of an agent's memory (`persona`, `human`, `objectives`, ...). */
export interface MemoryBlock {
  key: string;
  value: string;
  /** Epoch milliseconds of the last write. */
  updatedAt: number;
}

/**
 * Memory blocks, per agent. Batches in, batches out, every method async, the
 * scope on every call: a Postgres backend must fit the same contract.
 */
export interface MemoryBlockStore {
  /** The blocks that exist among `keys`, in the order asked. */
  getMany(scope: AgentScope, keys: string[]): Promise<MemoryBlock[]>;
  /** Every block of the agent, by key. */
  list(scope: AgentScope): Promise<MemoryBlock[]>;
  /** Creates or overwrites each block, in one transaction. */
  putMany(scope: AgentScope, blocks: MemoryBlock[]): Promise<void>;
  /**
   * Reads a block and writes what `change` makes of it, in one transaction, so
   * two concurrent appends cannot lose one another. `change` gets null for a
   * missing block; returning null leaves the store untouched.
   */
  modify(scope: AgentScope, key: string, at: number, change: (current: MemoryBlock | null) => string | null): Promise<MemoryBlock | null>;
  /** Deletes these blocks; returns the keys that existed. */
  deleteMany(scope: AgentScope, keys: string[]): Promise<string[]>;
}
