export { createSqliteConnectionPool, type SqliteConnectionPool, type SqliteConnectionPoolOptions } from './connection-pool.ts';
export { createSqliteMemoryStore, type MemoryRowHooks } from './memory-store.ts';
export { MIGRATIONS, LATEST_SCHEMA_VERSION, migrate, type Migration } from './migrations.ts';
