export { createSqliteConnectionPool, type SqliteConnectionPool, type SqliteConnectionPoolOptions } from './connection-pool.ts';
export { createSqliteMemoryStore } from './memory-store.ts';
export { createSqliteVectorIndex } from './vector-index.ts';
export { createSqliteKeywordIndex } from './keyword-index.ts';
export { createSqliteBackend, type SqliteBackend } from './sqlite-backend.ts';
export { MIGRATIONS, LATEST_SCHEMA_VERSION, migrate, type Migration } from './migrations.ts';
