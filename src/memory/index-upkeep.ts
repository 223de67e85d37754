import type { AgentScope } from '../spec/memory-store.ts';
import type { KeywordIndex, VectorIndex } from '../spec/search-index.ts';

/**
 * Upkeep of the vector and keyword indexes: trims the vector change log and
 * builds the keyword postings (in a worker thread). Meant to run
 * outside the engine's serial queue, so recalls go on while it works.
 */
export async function maintainIndexes(deps: { scope: AgentScope; vectorIndex: VectorIndex; keywordIndex: KeywordIndex }): Promise<void> {
  await deps.vectorIndex.maintain(deps.scope);
  await deps.keywordIndex.maintain(deps.scope);
}
