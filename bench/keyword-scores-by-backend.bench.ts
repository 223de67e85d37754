/**
 * The same memories and the same query words scored by SQLite's keyword index (FTS5 bm25()) and PostgreSQL's
 * (BM25 in SQL over tsvector, same formula and constants): one row per memory a query matches on either, with
 * each side's score and the words each side counted, so a difference can be traced to what each tokenizer keeps
 * (docs/postgres.md, "Where the two keyword scores differ").
 *
 *   npx tsx bench/keyword-scores-by-backend.bench.ts [--url postgres://…/database]
 *
 * Without `--url` it starts a throwaway Debian PostgreSQL 15 (src/testing/postgres-server.ts).
 */
import pg from 'pg';
import Database from 'better-sqlite3';
import { agentPaths } from '../src/config/agent-paths.ts';
import type { MemoryBackend } from '../src/spec/memory-backend.ts';
import { createPostgresBackend } from '../src/stores/postgres/postgres-backend.ts';
import { createSqliteBackend } from '../src/stores/sqlite/sqlite-backend.ts';
import { contractRecord } from '../src/testing/contract-records.ts';
import { startPostgresServer } from '../src/testing/postgres-server.ts';
import { createTempHome } from '../src/testing/temp-home.ts';
import { commandLine } from './lib/command-line.ts';

const MEMORIES = [
  'The ferry leaves at noon',
  'The ferry to Porto is late again because of the storm',
  'We took the night train to Lisbon',
  'Trains and ferries were cancelled on Monday',
  'Clear skies all week, perfect for the beach',
  'We went skiing in the Alps in February',
  'She told me the news about her new job',
  'We met at the little café by the river',
  'A well-known chef cooked for the wedding',
  'Is it about the money or about the time?',
];

const QUERIES: string[][] = [['ferry'], ['ferry', 'noon'], ['train'], ['skiing'], ['new'], ['cafe'], ['known'], ['about', 'money']];

const { option } = commandLine();
const url = option('url', '');
const server = url === '' ? await startPostgresServer() : undefined;
const { home, cleanup } = createTempHome('hippocampus-keyword-scores-');
const scope = { agentId: `scores-${Date.now().toString(36)}` };
const sqlite = createSqliteBackend({ home });
const postgres = await createPostgresBackend({ connectionString: server?.url ?? url, vectors: 'core' });

try {
  const records = MEMORIES.map((content) => contractRecord(scope, content));
  for (const backend of [sqlite, postgres] as MemoryBackend[]) await backend.store.insertMany(scope, records);
  const index = new Map(records.map((record, position) => [record.id, position]));
  const sqliteWords = await sqliteTokens(records.map((record) => record.content));
  const postgresWords = await postgresTokens(records.map((record) => record.content));
  console.log(`${MEMORIES.length} memories; average length in tokens: SQLite ${average(sqliteWords)}, PostgreSQL ${average(postgresWords)}\n`);
  console.log('| query words | memory | SQLite tokens | PostgreSQL lexemes | SQLite score | PostgreSQL score |');
  console.log('|---|---|---|---|---|---|');
  for (const terms of QUERIES) {
    const [fromSqlite, fromPostgres] = await Promise.all([sqlite, postgres].map((backend) => backend.keywords.search(scope, terms, { limit: 20 })));
    const scores = new Map<string, [number | null, number | null]>();
    for (const hit of fromSqlite!) scores.set(hit.id, [hit.score, null]);
    for (const hit of fromPostgres!) scores.set(hit.id, [scores.get(hit.id)?.[0] ?? null, hit.score]);
    for (const [id, [left, right]] of scores) {
      const at = index.get(id)!;
      console.log(`| ${terms.join(' ')} | ${MEMORIES[at]} | ${sqliteWords[at]!.join(' ')} | ${postgresWords[at]!.join(' ')} | ${format(left)} | ${format(right)} |`);
    }
  }
} finally {
  await sqlite.close();
  await postgres.close();
  await server?.stop();
  cleanup();
}

function format(score: number | null): string {
  return score === null ? 'no match' : score.toFixed(4);
}

function average(lengths: string[][]): string {
  return (lengths.reduce((sum, words) => sum + words.length, 0) / lengths.length).toFixed(2);
}

/** Each memory's tokens as FTS5 counts them (the porter tokenizer of memories_fts), read from an fts5vocab table. */
async function sqliteTokens(contents: string[]): Promise<string[][]> {
  const database = new Database(agentPaths(home, scope.agentId).longTermDatabase, { readonly: true });
  try {
    database.exec("CREATE VIRTUAL TABLE temp.tokens USING fts5vocab(main, 'memories_fts', 'instance')");
    const rows = database.prepare('SELECT m.content AS content, t.term AS term, t.offset AS position FROM temp.tokens t JOIN memories m ON m.seq = t.doc WHERE t.col = ? ORDER BY t.doc, t.offset').all('content') as { content: string; term: string; position: number }[];
    return contents.map((content) => rows.filter((row) => row.content === content).map((row) => row.term));
  } finally {
    database.close();
  }
}

/** Each memory's lexemes as PostgreSQL's english configuration keeps them, in the order of their positions. */
async function postgresTokens(contents: string[]): Promise<string[][]> {
  const client = new pg.Client({ connectionString: server?.url ?? url });
  await client.connect();
  try {
    const result: string[][] = [];
    for (const content of contents) {
      const { rows } = await client.query<{ lexeme: string; position: number }>("SELECT u.lexeme, p AS position FROM unnest(to_tsvector('english', $1)) AS u, unnest(u.positions) AS p ORDER BY p", [content]);
      result.push(rows.map((row) => row.lexeme));
    }
    return result;
  } finally {
    await client.end();
  }
}
