// The PostgreSQL subpath (`hippocampus/stores/postgres`): the only entry that loads `pg` statically.
// `createHippocampus({ store: 'postgres://…' })` reaches the same backend through a dynamic import.
export { createPostgresBackend, type PostgresBackend, type PostgresBackendOptions } from './postgres-backend.ts';
export type { PostgresPurge } from './purge-deleted-text.ts';
export type { PostgresVectorPath } from './vector-index.ts';
export { POSTGRES_MIGRATIONS, POSTGRES_SCHEMA_VERSION, type PostgresMigration } from './migrations.ts';
