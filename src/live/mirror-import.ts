import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import { hashContent } from '../core/content-hash.ts';
import { buildSearchableContent } from '../core/searchable-content.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { ValidationError, type ValidationIssue } from '../errors/validation-error.ts';
import { embedWithCache } from '../memory/embedding-cache.ts';
import { parseWith } from '../config/parse.ts';
import { requireEngine } from '../memory/backend-capability.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { MemoryPatch } from '../spec/memory-store.ts';
import { createExperienceSchema } from '../config/experience-schema.ts';
import { newMemoryIdSchema } from '../config/identifiers.ts';
import { parseJsonWithLines } from './json-with-lines.ts';
import { mirrorIndexSchema, mirrorOptionsSchema, type MirrorEntry, type MirrorIndex } from './mirror-format.ts';

export interface MirrorImportReport {
  created: string[];
  updated: string[];
  unchanged: number;
  /** Entries of memories that were forgotten: never brought back. */
  skippedForgotten: string[];
  /**
   * Entries whose text a stored memory already says word for word: not stored again (the store keeps one
   * memory per verbatim text), the existing one kept as it is. They were counted as created and the
   * import then failed with NOT_FOUND when one was superseded, or named as superseding.
   */
  alreadyStored: { id: string; existingId: string }[];
}

/**
 * Reads and validates `index.json`; every problem names its line
 * ("memory/index.json line 42: memories.3.importance: Too big: expected number to be <=1").
 *
 * @example
 * const index = readMirrorIndex('memory/index.json');
 */
export function readMirrorIndex(file: string): MirrorIndex {
  parseWith(z.string().min(1, 'must be the path of index.json'), file, 'readMirrorIndex file', 'CONFIG_ERROR');
  let text: string;
  try {
    // Only a regular file: a link to /dev/zero in a mirror folder someone handed over was read without end.
    const kind = fs.statSync(file);
    if (!kind.isFile() && !kind.isDirectory()) throw new HippocampusError({ code: 'CONFIG_ERROR', message: `Cannot read the mirror index ${file}: not a regular file (a device, a FIFO or a socket)` });
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (HippocampusError.isInstance(error)) throw error;
    // A missing file, or a folder by that name, was Node's bare ENOENT/EISDIR (INTERNAL_ERROR from the CLI).
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `Cannot read the mirror index ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (write one with exportMirror / hippocampus index export)`, cause: error });
  }
  const parsed = parseJsonWithLines(text, file);
  const result = mirrorIndexSchema.safeParse(parsed.value);
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => {
        const where = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
        return { path: `line ${parsed.lineOf(where)}: ${where.join('.')}`, message: issue.message };
      });
  const seen = new Map<string, number>();
  const entries = result.success ? result.data.memories : [];
  for (const [position, entry] of entries.entries()) {
    const line = parsed.lineOf(['memories', position]);
    const first = seen.get(entry.id);
    if (first !== undefined) issues.push({ path: `line ${line}: memories.${position}.id`, message: `duplicate id ${entry.id} (first on line ${first})` });
    else seen.set(entry.id, line);
    const fresh = newMemoryIdSchema.safeParse(entry.id);
    if (!fresh.success) issues.push({ path: `line ${line}: memories.${position}.id`, message: fresh.error.issues[0]!.message });
  }
  // A memory superseded by itself, or by one that is (through others) superseded by it, is hidden from every
  // recall for good: such an edit was imported as written.
  const successor = new Map(entries.map((entry) => [entry.id, entry.supersededBy]));
  for (const [position, entry] of entries.entries()) {
    const chain = new Set([entry.id]);
    for (let next = entry.supersededBy; next !== null && next !== undefined; next = successor.get(next) ?? null) {
      if (chain.has(next)) {
        const where = `line ${parsed.lineOf(['memories', position, 'supersededBy'])}: memories.${position}.supersededBy`;
        issues.push({ path: where, message: next === entry.id && entry.supersededBy === entry.id ? 'a memory cannot supersede itself' : `${entry.id} would end up superseding itself (through ${[...chain].slice(1).join(' → ')})` });
        break;
      }
      chain.add(next);
    }
  }
  if (!result.success || issues.length > 0) {
    throw invalidIndex(file, issues);
  }
  return result.data;
}

/**
 * The entry held to the limits every experience is (createExperienceSchema: the engine's content size, tag
 * count and length, context depth and size) and its text made storable (storableText). An edited index
 * bypassed them all: a 300,000-character content was imported (the WASM embedder then ran for minutes on it),
 * a NUL no PostgreSQL text holds was written, a domain of 5,000 characters kept.
 */
function withinLimits(memory: Hippocampus, entry: MirrorEntry, position: number): MirrorEntry {
  const experience = { type: entry.type, kind: entry.kind, content: entry.content, context: entry.context, tags: [...new Set(entry.keywords)], ...(entry.domain === null ? {} : { domain: entry.domain }), ...(entry.category === null ? {} : { category: entry.category }), ...(entry.source === null ? {} : { source: entry.source }) };
  const parsed = createExperienceSchema(memory.config.limits).safeParse(experience);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: `memories.${position}.${issue.path.map(String).join('.').replace(/^tags/u, 'keywords')}`, message: issue.message }));
    throw new ValidationError({ message: `index.json is not a valid memory index: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, issues });
  }
  const valid = parsed.data;
  return { ...entry, content: valid.content, context: valid.context ?? {}, keywords: valid.tags ?? [], domain: valid.domain ?? null, category: valid.category ?? null, source: valid.source ?? null };
}

/** The error of an index that is not a valid memory index, naming each issue. */
function invalidIndex(file: string, issues: ValidationIssue[]): ValidationError {
  return new ValidationError({ message: `${file} is not a valid memory index: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, issues });
}

/**
 * The records with each `supersededBy` that names neither an entry of the file nor a stored memory settled:
 * one that was forgotten is dropped (the link a forget clears in the store), any other is refused naming its
 * entry — it failed deep in the write as a STORE_ERROR "FOREIGN KEY constraint failed".
 */
async function withKnownSuccessors(memory: Hippocampus, records: MemoryRecord[], positions: number[]): Promise<MemoryRecord[]> {
  const inFile = new Set(records.map((record) => record.id));
  const outside = [...new Set(records.flatMap((record) => (record.supersededBy === null || inFile.has(record.supersededBy) ? [] : [record.supersededBy])))];
  if (outside.length === 0) return records;
  const scope = { agentId: memory.agentId };
  const forgotten = (await memory.backend.forgottenAmong?.(scope, outside)) ?? new Set<string>();
  const stored = new Set((await memory.store.getMany(scope, outside)).map((record) => record.id));
  const issues = records.flatMap((record, at) =>
    record.supersededBy === null || inFile.has(record.supersededBy) || forgotten.has(record.supersededBy) || stored.has(record.supersededBy)
      ? []
      : [{ path: `memories.${positions[at]}.supersededBy`, message: `${record.supersededBy} is neither an entry of the file nor a stored memory` }],
  );
  if (issues.length > 0) throw invalidIndex('index.json', issues);
  return records.map((record) => (record.supersededBy !== null && forgotten.has(record.supersededBy) ? { ...record, supersededBy: null } : record));
}

/** A mirror entry as the record it stands for. */
export function toRecord(entry: MirrorEntry, agentId: string): MemoryRecord {
  return {
    id: entry.id,
    agentId,
    sessionId: entry.sessionId,
    type: entry.type,
    kind: entry.kind,
    content: entry.content,
    context: entry.context,
    domain: entry.domain,
    category: entry.category,
    timestamp: Date.parse(entry.timestamp),
    createdAt: Date.parse(entry.created),
    consolidatedAt: entry.consolidated === null ? null : Date.parse(entry.consolidated),
    lastAccessedAt: entry.lastAccessed === null ? null : Date.parse(entry.lastAccessed),
    importance: entry.importance,
    accessCount: entry.accessCount,
    runningIntensity: entry.intensity,
    encounterCount: entry.timesReinforced + 1,
    supersededBy: entry.supersededBy,
    contentHash: hashContent(entry.content),
    relatedTo: entry.relatedTo,
    // The store keeps tags as a sorted set; sorting here keeps a re-import from counting a reorder as an edit.
    tags: [...new Set(entry.keywords)].sort(),
    source: entry.source,
  };
}

/** The fields of `next` that differ from `current` (id and agent aside). */
function differences(current: MemoryRecord, next: MemoryRecord): MemoryPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof MemoryRecord)[]) {
    if (key === 'id' || key === 'agentId' || key === 'sessionId') continue;
    if (JSON.stringify(current[key]) !== JSON.stringify(next[key])) patch[key] = next[key];
  }
  return patch as MemoryPatch;
}

/**
 * Imports `index.json` (as exported, or edited by a person) into the agent's
 * memory in one transaction: new ids are created with every field as written,
 * changed ones are updated, the rest is left alone. Nothing is deleted; a
 * memory missing from the file stays; a forgotten one (tombstoned) is never re-imported. Invalid files change nothing and name the line.
 *
 * @example
 * const report = await importMirror(memory, { dir: 'memory' }); // { created: [...], updated: [...], unchanged: 12 }
 */
export async function importMirror(memory: Hippocampus, options: { dir: string }): Promise<MirrorImportReport> {
  requireEngine(memory, 'importMirror');
  parseWith(mirrorOptionsSchema, options ?? {}, 'importMirror options', 'CONFIG_ERROR');
  const index = readMirrorIndex(path.join(options.dir, 'index.json'));
  const scope = { agentId: memory.agentId };
  const forgotten = (await memory.backend.forgottenAmong?.(scope, index.memories.map((entry) => entry.id))) ?? new Set<string>();
  // Each kept entry with its place in the file, which the errors name (found by indexOf, twice an entry, before).
  const kept = index.memories.flatMap((entry, position) => (forgotten.has(entry.id) ? [] : [{ entry, position }]));
  const records = await withKnownSuccessors(
    memory,
    kept.map(({ entry, position }) => toRecord(withinLimits(memory, entry, position), memory.agentId)),
    kept.map(({ position }) => position),
  );
  const existing = new Map((await memory.store.getMany(scope, records.map((record) => record.id))).map((record) => [record.id, record]));
  const report: MirrorImportReport = { created: [], updated: [], unchanged: 0, skippedForgotten: [...forgotten], alreadyStored: [] };
  const work = async () => {
    const inserted = records.filter((record) => !existing.has(record.id));
    // Rows are inserted before any of them points at another through supersededBy.
    const { duplicates } = await memory.store.insertMany(scope, inserted.map((record) => ({ ...record, supersededBy: null })));
    const storedAs = new Map(duplicates.map((duplicate) => [duplicate.record.id, duplicate.existingId]));
    const fresh = inserted.filter((record) => !storedAs.has(record.id));
    const successorOf = (id: string) => storedAs.get(id) ?? id;
    const patches: { id: string; patch: MemoryPatch }[] = fresh.filter((record) => record.supersededBy !== null).map((record) => ({ id: record.id, patch: { supersededBy: successorOf(record.supersededBy!) } }));
    const reembed: MemoryRecord[] = [...fresh];
    for (const record of records) {
      const current = existing.get(record.id);
      if (!current) continue;
      const patch = differences(current, { ...record, supersededBy: record.supersededBy === null ? null : successorOf(record.supersededBy) });
      if (Object.keys(patch).length === 0) {
        report.unchanged += 1;
        continue;
      }
      patches.push({ id: record.id, patch });
      report.updated.push(record.id);
      if (['content', 'tags', 'domain', 'type'].some((field) => field in patch)) reembed.push(record);
    }
    await memory.store.updateMany(scope, patches);
    if (memory.embedder && reembed.length > 0) {
      const { embeddings } = await embedWithCache(memory.embedder, undefined, reembed.map(buildSearchableContent));
      await memory.backend.vectors.upsert(scope, reembed.map((record, position) => ({ id: record.id, vector: embeddings[position]! })));
    }
    report.created.push(...fresh.map((record) => record.id));
    report.alreadyStored.push(...duplicates.map((duplicate) => ({ id: duplicate.record.id, existingId: duplicate.existingId })));
  };
  // All of the import or none of it, where the backend can promise that. The engine's other writers wait meanwhile
  // (the engine's backend holds them for its `atomically`): one running in a gap of the transaction would roll back with it.
  const atomically = memory.backend.atomically;
  await (atomically ? atomically(scope, work) : memory.exclusively(work));
  return report;
}

