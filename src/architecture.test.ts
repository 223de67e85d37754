import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md: "no file outside stores/<name>/ imports a store but the selection point
// (stores/open-backend.ts) and the root entry's exports". Every capability a layer needs is a contract
// in spec/ that the backend provides; this keeps it so.

const SRC = path.dirname(new URL(import.meta.url).pathname);
const STORES = path.join(SRC, 'stores');
/** The root entry re-exports the backends for the package's users. */
const ALLOWED = new Set([path.join(SRC, 'index.ts')]);

/** Every module specifier a source file imports, statically, by re-export or dynamically. */
function importedSpecifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  for (const match of source.matchAll(/new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g)) found.push(match[1]!);
  return found;
}

/** The specifiers of `file` that reach inside a store's folder (stores/<name>/…). */
function storeImportsOf(file: string, source: string): string[] {
  return importedSpecifiers(source).filter((specifier) => {
    if (!specifier.startsWith('.')) return false;
    const target = path.resolve(path.dirname(file), specifier);
    const inside = path.relative(STORES, target);
    return !inside.startsWith('..') && inside.includes(path.sep);
  });
}

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|mts|mjs)$/.test(entry.name) && !/\.(test|reliability)\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('layers reach a store only through spec/ contracts', () => {
  it('the check sees a store import in every form it can take, and lets the selection point through', () => {
    const file = path.join(SRC, 'memory', 'example.ts');
    expect(storeImportsOf(file, "import { createSqliteMemoryStore } from '../stores/sqlite/memory-store.ts';")).toEqual(['../stores/sqlite/memory-store.ts']);
    expect(storeImportsOf(file, "export { x } from '../stores/postgres/index.ts';")).toHaveLength(1);
    expect(storeImportsOf(file, "const m = await import('../stores/redis/index.ts');")).toHaveLength(1);
    expect(storeImportsOf(file, "new Worker(new URL('../stores/sqlite/entry.mjs', import.meta.url))")).toHaveLength(1);
    expect(storeImportsOf(file, "import type {\n  SqliteBackend,\n} from '../stores/sqlite/sqlite-backend.ts';")).toHaveLength(1);
    expect(storeImportsOf(file, "import { openBackend } from '../stores/open-backend.ts';\nimport type { MemoryStore } from '../spec/memory-store.ts';")).toEqual([]);
  });

  it('no file outside src/stores/<name>/ imports one (tests and test helpers aside)', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.startsWith(STORES + path.sep) && !file.startsWith(path.join(SRC, 'testing') + path.sep) && !ALLOWED.has(file))
      .flatMap((file) => storeImportsOf(file, fs.readFileSync(file, 'utf8')).map((specifier) => `${path.relative(SRC, file)} → ${specifier}`));
    expect(offenders).toEqual([]);
  });
});
