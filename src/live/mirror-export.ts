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
  const rows = await memory.store.query({ agentId: memory.agentId }, { includeSuperseded: true, orderBy: 'id', direction: 'asc' });
  const index: MirrorIndex = { version: MIRROR_VERSION, lastUpdated: new Date(now).toISOString(), agentId: memory.agentId, memories: rows.map(toMirrorEntry) };
  const files = [path.join(options.dir, 'index.json')];
  // Remembered beside the agent, so a later forget rewrites this mirror too; before the first byte is
  // written, so a mirror that fails halfway (index.json written, a Markdown file not) is found as well.
  registerMirror(agentPaths(memory.home, memory.agentId).root, options.dir);
  try {
    writeFileAtomically(files[0]!, `${JSON.stringify(index, null, 2)}\n`);
    files.push(...writeMirrorMarkdown(options.dir, rows, now));
  } catch (error) {
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `Cannot write the mirror in ${options.dir}: ${(error as Error).message}`, cause: error });
  }
  return { files, memories: rows.length };
}

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
