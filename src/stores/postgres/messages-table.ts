import { storableMessages, validTableName } from '../../conversations/messages-table.ts';
import { queryTerms } from '../../core/query-terms.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import type { ConversationHit, ConversationMessages, HostMessage } from '../../spec/conversation-messages.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { vacuumTables, type PostgresPurge } from './purge-deleted-text.ts';

// The host's messages table on PostgreSQL: one table for every agent of the database (as the memories
// are), so each row carries its agent and every statement names it. Identifiers cannot be bound as
// parameters: the table name passes validTableName (plain letters, digits, '_') before it is written in.

const COLUMNS = 'id, agent_id, conversation_id, role, content, created_at';

/** 42P01 undefined_table, 42703 undefined_column: a table of another shape than the one searched. */
function isMissingTable(error: unknown): boolean {
  const sqlState = String((error as { cause?: { code?: unknown } } | null)?.cause?.code ?? '');
  return sqlState === '42P01' || sqlState === '42703';
}

function missingTable(table: string, cause?: unknown): HippocampusError {
  return new HippocampusError({
    code: 'CONFIG_ERROR',
    message: `The messages table "${table}" does not exist or lacks the columns ${COLUMNS} and a tsvector "document"; create it with the backend's conversations.createTable`,
    cause,
  });
}

async function guarded<T>(table: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isMissingTable(error) ? missingTable(table, error) : error;
  }
}

/**
 * recall_conversation over a PostgreSQL table of the host's messages. Ranking: each query word that a
 * message holds adds its IDF over the agent's messages (BM25's IDF, without term frequency or length:
 * ts_rank has no IDF, and a rare word — a name — should decide), so more and rarer words rank first.
 *
 * @example
 * await backend.conversations!.createTable(scope, { table: 'messages' });
 * await backend.conversations!.appendMessages(scope, { table: 'messages', messages: [{ role: 'user', content: 'Billing moves in March', createdAt: Date.now() }] });
 * await backend.conversations!.searchMessages(scope, { table: 'messages', query: 'when does billing move?', limit: 5 });
 */
export function createPostgresConversationMessages(database: PostgresDatabase, purge: PostgresPurge): ConversationMessages {
  // Tables seen to exist. A missing one is told apart before any statement fails on it: a failed
  // statement ends the session on PGlite's wire server, and a refusal should cost nothing anyway.
  const present = new Set<string>();
  async function existing(table: string): Promise<string> {
    if (present.has(table)) return table;
    const [row] = await database.rows<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [table.toLowerCase()]);
    if (!row?.found) throw missingTable(table);
    present.add(table);
    return table;
  }
  return {
    async createTable(_scope, options) {
      const table = validTableName(options.table);
      // Two processes creating the same table at once would race on the catalog: one at a time.
      const columns = await database.rows<{ column_name: string }>('SELECT attname AS column_name FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped', [table.toLowerCase()]);
      const missing = ['id', 'agent_id', 'conversation_id', 'role', 'content', 'created_at', 'document'].filter((name) => !columns.some((column) => column.column_name === name));
      if (columns.length > 0 && missing.length > 0) throw new HippocampusError({ code: 'CONFIG_ERROR', message: `A table "${table}" of another shape exists (it lacks ${missing.join(', ')}): choose another name for the messages table` });
      await database.atomically(`messages-table:${table}`, async () => {
        for (const statement of [
          `CREATE TABLE IF NOT EXISTS ${table} (
             id bigserial PRIMARY KEY,
             agent_id text NOT NULL,
             conversation_id text,
             role text NOT NULL,
             content text NOT NULL,
             created_at bigint NOT NULL,
             document tsvector GENERATED ALWAYS AS (to_tsvector('english', content)) STORED
           )`,
          `CREATE INDEX IF NOT EXISTS ${table}_document ON ${table} USING gin (document)`,
          `CREATE INDEX IF NOT EXISTS ${table}_agent ON ${table} (agent_id, id)`,
          `CREATE INDEX IF NOT EXISTS ${table}_conversation ON ${table} (agent_id, conversation_id, created_at)`,
        ])
          await database.rows(statement);
      });
    },

    async appendMessages(scope, options) {
      const table = await existing(validTableName(options.table));
      const messages = storableMessages(options.messages);
      if (messages.length === 0) return [];
      const rows = await guarded(table, () =>
        database.rows<{ id: string }>(
          `INSERT INTO ${table} (agent_id, conversation_id, role, content, created_at)
           SELECT $1, m.conversation_id, m.role, m.content, m.created_at
           FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (conversation_id text, role text, content text, created_at bigint)) WITH ORDINALITY AS m(conversation_id, role, content, created_at, ord)
           ORDER BY m.ord RETURNING id`,
          [scope.agentId, JSON.stringify(messages.map((message: HostMessage) => ({ conversation_id: message.conversationId ?? null, role: message.role, content: message.content, created_at: message.createdAt })))],
        ),
      );
      return rows.map((row) => Number(row.id)).sort((left, right) => left - right);
    },

    async readMessages(scope, options) {
      const table = await existing(validTableName(options.table));
      const conversation = options.conversationId ?? null;
      const scoped = 'agent_id = $1 AND ($4::text IS NULL OR conversation_id = $4)';
      // Both answers in one statement, so the highest id and the rows after afterId come from one snapshot;
      // the (agent_id, id) index serves both.
      const rows = await guarded(table, () =>
        database.rows<{ id: string | null; conversation_id: string | null; role: string | null; content: string | null; created_at: string | null; highest: string | null }>(
          `SELECT (SELECT max(id) FROM ${table} WHERE ${scoped}) AS highest, next.id, next.conversation_id, next.role, next.content, next.created_at
           FROM (SELECT 1) AS one
           LEFT JOIN LATERAL (SELECT id, conversation_id, role, content, created_at FROM ${table} WHERE ${scoped} AND id > $2 ORDER BY id LIMIT $3) AS next ON true`,
          [scope.agentId, options.afterId, options.limit, conversation],
        ),
      );
      const messages = rows
        .filter((row) => row.id !== null)
        .map((row) => ({ id: Number(row.id), conversationId: row.conversation_id, role: row.role!, content: row.content!, createdAt: Number(row.created_at) }));
      return { messages, highestId: Number(rows[0]?.highest ?? 0) };
    },

    async forgetMessages(scope, options) {
      const table = await existing(validTableName(options.table));
      if (options.ids.length === 0 && options.texts.length === 0) return 0;
      const rows = await guarded(table, () =>
        database.rows<{ id: string }>(
          `DELETE FROM ${table} WHERE agent_id = $1 AND (id = ANY($2::bigint[]) OR lower(btrim(content)) = ANY(SELECT lower(btrim(t)) FROM unnest($3::text[]) AS t)) RETURNING id`,
          [scope.agentId, [...options.ids], [...options.texts]],
        ),
      );
      // As a forget of memories: rewrite the table so no freed tuple keeps the text (docs/postgres.md).
      if (rows.length > 0 && purge !== 'none') await vacuumTables(database, [table], purge);
      return rows.length;
    },

    async searchMessages(scope, options): Promise<ConversationHit[]> {
      const table = await existing(validTableName(options.table));
      const text = queryTerms(options.query).join(' ');
      if (text === '' || options.limit <= 0) return [];
      const rows = await guarded(table, () =>
        database.rows<{ id: string; conversation_id: string | null; role: string; content: string; created_at: string; score: number }>(
          `WITH words AS (
             SELECT DISTINCT ('''' || replace(replace(q.lexeme, E'\\\\', E'\\\\\\\\'), '''', '''''') || '''')::tsquery AS query
             FROM unnest(tsvector_to_array(to_tsvector('english', $2))) AS q(lexeme)
           ), total AS (SELECT count(*)::float8 AS n FROM ${table} WHERE agent_id = $1),
           weighted AS (
             SELECT w.query, ln(1 + ((SELECT n FROM total) - c.n + 0.5) / (c.n + 0.5)) AS idf
             FROM words w CROSS JOIN LATERAL (SELECT count(*)::float8 AS n FROM ${table} m WHERE m.agent_id = $1 AND m.document @@ w.query) c
           )
           SELECT m.id, m.conversation_id, m.role, m.content, m.created_at,
                  (SELECT sum(weighted.idf) FROM weighted WHERE m.document @@ weighted.query) AS score
           FROM ${table} m
           WHERE m.agent_id = $1 AND m.document @@ (SELECT string_agg(query::text, ' | ')::tsquery FROM weighted)
           ORDER BY score DESC, m.created_at DESC, m.id DESC
           LIMIT $3`,
          [scope.agentId, text, options.limit],
        ),
      );
      return rows.map((row) => ({ id: Number(row.id), conversationId: row.conversation_id, role: row.role, content: row.content, createdAt: Number(row.created_at), score: Number(row.score) }));
    },
  };
}
