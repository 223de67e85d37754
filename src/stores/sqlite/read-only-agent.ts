// The module the engine's read workers import (the SQLite backend's `readReplicas`): one agent of a home
// on read-only connections of the worker's own. WAL lets it read while the engine writes; a recall
// reads in statements begun after it was asked, so it sees every write committed before. Each agent
// holds its own connection (page cache up to 64 MB), keyword postings and sign-code scan.
import type { OpenReadOnlyAgent } from '../../spec/read-replicas.ts';
import { createSqliteConnectionPool } from './connection-pool.ts';
import { createSqliteKeywordIndex } from './keyword-index.ts';
import { createSqliteMemoryStore } from './memory-store.ts';
import { createSqliteVectorIndex } from './vector-index.ts';

export const openReadOnlyAgent: OpenReadOnlyAgent = (options) => {
  const pool = createSqliteConnectionPool({ home: String(options.home), readOnly: true });
  const commonTermDocs = typeof options.commonTermDocs === 'number' ? options.commonTermDocs : undefined;
  const vectors = createSqliteVectorIndex({ pool });
  const keywords = createSqliteKeywordIndex({ pool, readOnly: true, ...(commonTermDocs === undefined ? {} : { commonTermDocs }) });
  return {
    store: createSqliteMemoryStore({ pool }),
    vectors,
    keywords,
    async close() {
      await vectors.close();
      await keywords.close();
      pool.close();
    },
  };
};
