import { runDatabaseWorker } from './database-worker.ts';
import type { PostingsSnapshot } from './postings-snapshot.ts';
import { siblingModule } from '../../core/sibling-module.ts';

/** Reads the FTS5 index of the database file into a postings snapshot in a worker thread. */
export function buildPostingsSnapshot(databaseFile: string): Promise<PostingsSnapshot> {
  return runDatabaseWorker(siblingModule(import.meta.url, 'keyword-postings-worker'), databaseFile, null, 'Could not read the keyword index into postings');
}
