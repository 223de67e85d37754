// Cost of the open-time damage check and of the forget purge, at 10k and 100k memories.
// Run: npx tsx bench/database-check.bench.ts [sizes...]   (default: 10000 100000)
// Each agent: memories of ~20 words with 512-dimension vectors (what USE-lite stores).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import type { SqliteBackend } from '../src/stores/sqlite/sqlite-backend.ts';
import { createHashEmbedder } from '../src/testing/hash-embedder.ts';

const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu'.split(' ');
const sentence = (index: number) => Array.from({ length: 20 }, (_, position) => WORDS[(index * 7 + position * 13 + (index >> position % 5)) % WORDS.length]).join(' ') + ` item${index}`;
const time = (work: () => void) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

async function measure(size: number): Promise<void> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-check-bench-'));
  try {
    const memory = await createHippocampus({ home, agentId: 'bench', embedder: createHashEmbedder({ dimensions: 512 }) });
    for (let start = 0; start < size; start += 2000) {
      await memory.rememberMany(Array.from({ length: Math.min(2000, size - start) }, (_, offset) => ({ type: 'observation' as const, content: sentence(start + offset) })), { longTerm: true });
    }
    const db = (memory.backend as SqliteBackend).pool.connection('bench');
    const forgetTen = async () => {
      const ids = (await memory.store.query({ agentId: 'bench' }, { limit: 10, orderBy: 'id' })).map((record) => record.id);
      const started = performance.now();
      await memory.forget(ids);
      return performance.now() - started;
    };
    // Forget with FTS5 secure-delete (what ships), then without it, and what the
    // alternative — merging the whole index after a forget — costs on its own.
    const forgetMs = await forgetTen();
    db.exec("INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 0)");
    const forgetPlainMs = await forgetTen();
    const optimizeMs = time(() => db.exec("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')"));
    db.exec("INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 1)");
    await memory.stop();
    const file = path.join(home, 'agents', 'bench', 'memory', 'longterm.db');
    const reader = new Database(file, { readonly: true });
    const quickMs = time(() => reader.pragma('quick_check'));
    const headerMs = time(() => reader.pragma('schema_version'));
    reader.close();
    // Reopening after a clean close: the check is skipped (longterm.db.checked matches).
    const openStarted = performance.now();
    const reopened = await createHippocampus({ home, agentId: 'bench', embedder: createHashEmbedder({ dimensions: 512 }) });
    await reopened.stats();
    const openMs = performance.now() - openStarted;
    await reopened.stop();
    console.log(JSON.stringify({ memories: size, megabytes: +(fs.statSync(file).size / 1e6).toFixed(1), quickCheckMs: +quickMs.toFixed(0), schemaReadMs: +headerMs.toFixed(1), openWithCheckMs: +openMs.toFixed(0), forget10Ms: +forgetMs.toFixed(0), forget10WithoutSecureDeleteMs: +forgetPlainMs.toFixed(0), ftsOptimizeMs: +optimizeMs.toFixed(0) }));
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

const sizes = process.argv.slice(2).map(Number);
for (const size of sizes.length > 0 ? sizes : [10_000, 100_000]) await measure(size);
