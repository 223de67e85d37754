import fs from 'node:fs';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { markChecked, quickCheck } from './database-health.ts';
import { migrate } from './migrations.ts';

// `data recover`: a row-salvaging copy, not SQLite's `.recover`. The Debian
// sqlite3 CLI (3.40) stops on these files with "SQL logic error" (it cannot
// rebuild the sqlite-vec tables), and better-sqlite3 does not expose the
// recovery API. So: a fresh file with the current schema, every readable row
// of each table copied over (a table whose pages are damaged is read on past
// the damage by rowid), triggers rebuilding the keyword index and change logs,
// rows left pointing at lost ones dropped. Vectors are not copied (they are
// derived): `hippocampus data backfill-vectors` embeds the memories again.

/** Tables copied, parents first; FTS and vector tables are rebuilt, not copied. */
const TABLES = [
  'meta',
  'memories',
  'memory_tags',
  'memory_history',
  'memory_blocks',
  'consolidation_runs',
  'live_watermarks',
  'graph_entities',
  'graph_aliases',
  // Without it (schema 13 came after this list) the recovered aliases had no sources, and one is dropped only when
  // its last source goes: forgetting the memory that said it left the alias (graph-alias-sources.test.ts).
  'graph_alias_sources',
  'graph_relations',
  'graph_entity_provenance',
  'graph_relation_provenance',
  'graph_linked_memories',
  'skills',
  'skill_versions',
  'skill_outcomes',
  'working_consolidations',
  'forgotten_memories',
];

/** Meta entries that describe derived state (vector binding, change-log positions), started afresh. */
const DERIVED_META = /^(embedding|vector_log|keyword_log)\./;

export interface SalvageReport {
  /** Rows copied per table. */
  copied: Record<string, number>;
  /** Tables (or parts of them) that could not be read. */
  unreadable: string[];
  /** Rows dropped because what they pointed at was lost. */
  orphansDropped: number;
}

function readRows(source: Database.Database, table: string, unreadable: string[]): unknown[][] {
  const rows: unknown[][] = [];
  const hasRowid = (() => {
    try {
      source.prepare(`SELECT rowid FROM "${table}" LIMIT 1`).all();
      return true;
    } catch {
      return false;
    }
  })();
  if (!hasRowid) {
    try {
      for (const row of source.prepare(`SELECT * FROM "${table}"`).raw().iterate()) rows.push(row as unknown[]);
    } catch (error) {
      unreadable.push(`${table}: ${(error as Error).message} after ${rows.length} rows`);
    }
    return rows;
  }
  // Read in rowid order; on damage, skip ahead past it in growing steps.
  let after = -Infinity;
  let step = 1;
  for (let attempts = 0; attempts < 10_000; attempts += 1) {
    try {
      const statement = source.prepare(`SELECT rowid, * FROM "${table}" WHERE rowid > ? ORDER BY rowid`).raw();
      for (const row of statement.iterate(after === -Infinity ? Number.MIN_SAFE_INTEGER : after)) {
        const values = row as unknown[];
        after = Number(values[0]);
        rows.push(values.slice(1));
        step = 1;
      }
      return rows;
    } catch (error) {
      if (step === 1) unreadable.push(`${table}: ${(error as Error).message} after rowid ${after}`);
      after = (after === -Infinity ? 0 : after) + step;
      step *= 2;
    }
  }
  return rows;
}

/**
 * Copies every readable row of `damagedFile` into a new database at `targetFile`
 * (which must not exist) and checks the result.
 *
 * @example
 * salvageDatabase('longterm.db', 'longterm.db.recovered'); // { copied: { memories: 2991, … }, unreadable: ['memories: database disk image is malformed after rowid 1410'], orphansDropped: 3 }
 */
export function salvageDatabase(damagedFile: string, targetFile: string): SalvageReport {
  if (fs.existsSync(targetFile)) throw new HippocampusError({ code: 'VALIDATION_ERROR', message: `${targetFile} already exists; move it away first` });
  const source = new Database(damagedFile, { readonly: true, fileMustExist: true });
  const target = new Database(targetFile);
  const report: SalvageReport = { copied: {}, unreadable: [], orphansDropped: 0 };
  try {
    sqliteVec.load(source);
    sqliteVec.load(target);
    target.pragma('journal_mode = WAL');
    migrate(target, targetFile);
    target.pragma('foreign_keys = OFF');
    const existing = new Set(target.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    for (const table of TABLES) {
      if (!existing.has(table)) continue;
      let columns: string[];
      try {
        columns = (source.prepare(`SELECT * FROM "${table}" LIMIT 0`).columns() as { name: string }[]).map((column) => column.name);
      } catch (error) {
        report.unreadable.push(`${table}: ${(error as Error).message}`);
        continue;
      }
      const targetColumns = new Set((target.prepare(`SELECT * FROM "${table}" LIMIT 0`).columns() as { name: string }[]).map((column) => column.name));
      const shared = columns.map((name, index) => ({ name, index })).filter((column) => targetColumns.has(column.name));
      const insert = target.prepare(`INSERT OR IGNORE INTO "${table}" (${shared.map((column) => `"${column.name}"`).join(', ')}) VALUES (${shared.map(() => '?').join(', ')})`);
      let copied = 0;
      target.transaction(() => {
        for (const row of readRows(source, table, report.unreadable)) {
          if (table === 'meta' && DERIVED_META.test(String(row[0]))) continue;
          try {
            copied += insert.run(...shared.map((column) => row[column.index])).changes;
          } catch {
            // A row damaged inside (fails a CHECK) is not salvageable.
          }
        }
      })();
      report.copied[table] = copied;
    }
    const orphans = target.pragma('foreign_key_check') as { table: string; rowid: number }[];
    for (const orphan of orphans) target.prepare(`DELETE FROM "${orphan.table}" WHERE rowid = ?`).run(orphan.rowid);
    report.orphansDropped = orphans.length;
    target.pragma('foreign_keys = ON');
    const problems = quickCheck(target);
    if (problems.length > 0) throw new HippocampusError({ code: 'DATABASE_CORRUPT', message: `The salvaged copy ${targetFile} fails its check: ${problems[0]}` });
    target.pragma('wal_checkpoint(TRUNCATE)');
    return report;
  } finally {
    source.close();
    target.close();
    if (fs.existsSync(targetFile)) markChecked(targetFile);
  }
}
