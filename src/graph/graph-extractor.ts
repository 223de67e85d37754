import type { MemoryExtraction } from '../spec/knowledge-graph.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';

/** Reads what memories say about entities and their relations; offline rules or an LLM. */
export interface GraphExtractor {
  readonly name: string;
  /** One extraction per memory, in order. */
  extract(memories: MemoryRecord[]): Promise<MemoryExtraction[]>;
}
