import fs from 'node:fs';
import path from 'node:path';
import { agentPaths } from '../config/agent-paths.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { parseWith } from '../config/parse.ts';
import { requireEngine } from '../memory/backend-capability.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { writeFileAtomically } from './atomic-write.ts';
import { LIVE_DOMAINS } from './live-candidate.ts';
import { MIRROR_VERSION, mirrorOptionsSchema, toMirrorEntry, type MirrorIndex } from './mirror-format.ts';
import { mirrorFolderOf, renderDomainMarkdown } from './mirror-markdown.ts';
import { registerMirror } from './mirror-registry.ts';

/**
 * Writes the human-readable mirror of an agent's memory: `index.json`
 * (every memory, every field) and `user/`, `self/`, `relationship/`, `world/`
 * (plus `other/` when needed) Markdown files, each written atomically.
 *
 * @example
 * const { files } = await exportMirror(memory, { dir: 'memory' });
 * // memory/index.json, memory/user/memories.md, …
 */
export async function exportMirror(memory: Hippocampus, options: { dir: string; now?: number }): Promise<{ files: string[]; memories: number }> {
  requireEngine(memory, 'exportMirror');
  // Checked before anything is registered or written.
  parseWith(mirrorOptionsSchema, options ?? {}, 'exportMirror options', 'CONFIG_ERROR');
  refuseInsideStore(memory.home, options.dir);
  const now = options.now ?? memory.clock.now();
  // Registered before the rows are read, so a forget that deletes one of them after the read rewrites this
  // mirror (or finds it written before the export's last look, below); registered after the read, a forget in
  // another process ran between the read and the write, found no index.json to scrub, and the export then
  // wrote the forgotten memory into the mirror (probe: `index export` beside `forget`). Also before the first
  // byte is written, so a mirror that fails halfway (index.json written, a Markdown file not) is found as well.
  registerMirror(agentPaths(memory.home, memory.agentId).root, options.dir);
  let rows = await memory.store.query({ agentId: memory.agentId }, { includeSuperseded: true, orderBy: 'id', direction: 'asc' });
  // Written, then read again: a forget deletes its rows, and an edit (`update`) writes its row, before either
  // rewrites the registered mirrors, so a memory forgotten or edited by this look is written out again here as
  // it is now, and one forgotten or edited after it finds this mirror written and registered, and its own
  // rewrite takes it out. Until a look finds nothing changed. The second read cost an export of 10k memories
  // ~600 ms against ~460 (4 alternating runs, 2 shared vCPUs).
  for (;;) {
    const files = writeMirror(memory.agentId, options.dir, rows, now);
    const changed = await changedSince(memory, rows);
    if (changed.size === 0) return { files, memories: rows.length };
    rows = rows.flatMap((row) => (changed.has(row.id) ? (changed.get(row.id) ?? []) : [row]));
  }
}

/** index.json and the Markdown of these rows; an error writing them is CONFIG_ERROR naming the folder. */
function writeMirror(agentId: string, dir: string, rows: readonly MemoryRecord[], now: number): string[] {
  const index: MirrorIndex = { version: MIRROR_VERSION, lastUpdated: new Date(now).toISOString(), agentId, memories: rows.map(toMirrorEntry) };
  const files = [path.join(dir, 'index.json')];
  try {
    writeFileAtomically(files[0]!, `${JSON.stringify(index, null, 2)}\n`);
    files.push(...writeMirrorMarkdown(dir, rows, now));
  } catch (error) {
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `Cannot write the mirror in ${dir}: ${(error as Error).message}`, cause: error });
  }
  return files;
}

/**
 * The rows whose stored text changed since they were read: each as stored now, or null when it is no longer
 * stored (forgotten). Only what a person reads in the mirror is compared (content, keywords, context and the
 * labels): the access marks every recall moves would have a busy server's export written again and again.
 */
async function changedSince(memory: Hippocampus, rows: readonly MemoryRecord[]): Promise<Map<string, MemoryRecord | null>> {
  const stored = new Map((await memory.store.getMany({ agentId: memory.agentId }, rows.map((row) => row.id))).map((record) => [record.id, record]));
  const changed = new Map<string, MemoryRecord | null>();
  for (const row of rows) {
    const current = stored.get(row.id);
    if (current === undefined) changed.set(row.id, null);
    else if (readableText(current) !== readableText(row)) changed.set(row.id, current);
  }
  return changed;
}

const readableText = (record: MemoryRecord) => JSON.stringify([record.content, record.tags, record.context, record.domain, record.category, record.source, record.supersededBy]);

/**
 * A mirror is written outside the home's store: `index export --dir <home>/agents` wrote `user/`, `self/` … among
 * the agent folders (taken for agents by a listing), and inside an agent's folder `index.json` beside its database
 * (probe, 2026-11-27). The home itself and anything under its `agents/` are refused.
 */
function refuseInsideStore(home: string, dir: string): void {
  const target = realPathOf(dir);
  const agents = path.join(realPathOf(home), 'agents');
  if (target === realPathOf(home) || target === agents || target.startsWith(agents + path.sep)) {
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `The mirror cannot be written in ${dir}: it is the home or under its agents/ folder, where the store keeps its files; choose a folder outside them` });
  }
}

/**
 * Where a path leads once symbolic links are followed, for the part of it that exists (the rest is
 * made by the export): compared as written, a folder linked to `<home>/agents/ada` let the mirror
 * into the agent's folder beside its database.
 */
function realPathOf(target: string): string {
  const absolute = path.resolve(target);
  const missing: string[] = [];
  for (let existing = absolute; ; existing = path.dirname(existing)) {
    try {
      return path.join(fs.realpathSync(existing), ...missing);
    } catch {
      if (path.dirname(existing) === existing) return absolute;
      missing.unshift(path.basename(existing));
    }
  }
}

/** The per-domain Markdown of a mirror, rewritten from these records; returns the files. */
export function writeMirrorMarkdown(dir: string, rows: readonly MemoryRecord[], now: number): string[] {
  const files: string[] = [];
  const byFolder = new Map<string, MemoryRecord[]>(LIVE_DOMAINS.map((domain) => [domain, []]));
  // Superseded versions stay in index.json (lossless) but not in what a person reads.
  for (const row of rows.filter((record) => record.supersededBy === null)) {
    const folder = mirrorFolderOf(row.domain);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), row]);
  }
  // other/ is written only while it has memories; one written before is rewritten too, or a forget
  // that took its last memory would leave that memory's text in it.
  const other = mirrorFolderOf(null);
  if (!byFolder.has(other) && fs.existsSync(path.join(dir, other, 'memories.md'))) byFolder.set(other, []);
  // Every folder is tried before a failure is thrown: a forget rewriting this mirror must not leave the
  // folders after a broken one holding what it forgot.
  let failure: unknown;
  for (const [folder, records] of byFolder) {
    const file = path.join(dir, folder, 'memories.md');
    try {
      writeFileAtomically(file, renderDomainMarkdown(folder, records, now));
      files.push(file);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return files;
}
