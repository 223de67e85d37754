import fs from 'node:fs';
import path from 'node:path';
import { readAgentJsonFile } from '../config/agent-json-file.ts';
import { writeFileAtomically } from './atomic-write.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { LIVE_DOMAINS } from './live-candidate.ts';
import { writeMirrorMarkdown } from './mirror-export.ts';
import { mirrorFolderOf } from './mirror-markdown.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { mirrorIndexSchema, toMirrorEntry, type MirrorIndex } from './mirror-format.ts';
import { toRecord } from './mirror-import.ts';

// A mirror (`index export`) is written wherever the user asks, outside the
// database, so a later forget would leave its text there. Each export records
// its directory in `<agent>/mirrors.json`; every forget rewrites those mirrors
// without the forgotten memories (index.json and the per-domain Markdown).
// A mirror the registry does not know (copied elsewhere) cannot be rewritten:
// an import of it skips every tombstoned id instead (mirror-import.ts).

const REGISTRY = 'mirrors.json';

/**
 * The registered mirror folders; none without the file. A file that is not a list of folders is
 * DATABASE_CORRUPT naming it: read as "no mirrors", a forget left every exported mirror holding what it
 * forgot, and the next export wrote a registry of one folder over the others.
 */
function registryOf(agentRoot: string): string[] {
  const folders = readAgentJsonFile(path.join(agentRoot, REGISTRY), {
    what: 'mirror registry',
    agentId: path.basename(agentRoot),
    remedy: 'repair it as a JSON list of the folders `index export` wrote to, or delete it (those mirrors are then no longer rewritten by a forget)',
    check: (value) => (Array.isArray(value) && value.every((entry) => typeof entry === 'string') ? null : 'not a list of folders'),
  });
  return (folders as string[] | undefined) ?? [];
}

/**
 * Reads the registry and every registered mirror's index.json only to check them: a forget asks before
 * anything is deleted. A mirror whose index cannot be read (a hand edit that broke it) is DATABASE_CORRUPT
 * naming it: skipped, a forget left the sentence in its index.json and Markdown without a word.
 */
export function checkMirrorRegistry(agentRoot: string): void {
  for (const dir of registryOf(agentRoot)) readMirrorIndex(agentRoot, dir);
}

/** Remembers that a mirror of this agent was written to `dir`. */
export function registerMirror(agentRoot: string, dir: string): void {
  const absolute = path.resolve(dir);
  const known = registryOf(agentRoot);
  if (known.includes(absolute)) return;
  writeFileAtomically(path.join(agentRoot, REGISTRY), `${JSON.stringify([...known, absolute], null, 2)}\n`, { agentId: path.basename(agentRoot) });
}

/**
 * A registered mirror's index; undefined when the folder holds none. One that does not parse as an index is
 * DATABASE_CORRUPT naming it, and so is a missing one whose Markdown stays (`refuseOrphanMarkdown`).
 */
function readMirrorIndex(agentRoot: string, dir: string): MirrorIndex | undefined {
  const agentId = path.basename(agentRoot);
  const file = path.join(dir, 'index.json');
  if (!fs.existsSync(file)) return refuseOrphanMarkdown(file, agentId);
  let index: MirrorIndex | undefined;
  readAgentJsonFile(file, {
    what: 'mirror index',
    agentId,
    remedy: `write the mirror anew (hippocampus index export --agent ${agentId} --dir ${dir}) or delete the folder, then forget again`,
    check: (value) => {
      const result = mirrorIndexSchema.safeParse(value);
      index = result.data;
      return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).slice(0, 3).join('; ');
    },
  });
  return index;
}

/**
 * A mirror folder whose index.json is gone while its Markdown stays: skipped as "no mirror", a forget left the
 * sentence in the Markdown without a word (probe). Refused (DATABASE_CORRUPT naming the index, before any row
 * goes), not scrubbed: the Markdown is rendered from index.json and says to edit that file, so without it which
 * lines are the forgotten memory's could only be guessed from the text (a person's edit of the Markdown defeats
 * the guess), and a guess that misses leaves the text behind as silently as the skip did. An export writes it anew.
 */
function refuseOrphanMarkdown(file: string, agentId: string): undefined {
  const dir = path.dirname(file);
  const markdown = [...LIVE_DOMAINS, mirrorFolderOf(null)].map((folder) => path.join(folder, 'memories.md')).filter((name) => fs.existsSync(path.join(dir, name)));
  if (markdown.length === 0) return undefined;
  throw new HippocampusError({
    code: 'DATABASE_CORRUPT',
    message: `The mirror index ${file} is missing while the mirror's Markdown (${markdown.join(', ')}) stays: nothing was changed; write the mirror anew (hippocampus index export --agent ${agentId} --dir ${dir}) or delete the folder, then forget again`,
    details: { file, agentId },
  });
}

/**
 * Rewrites every registered mirror of the agent without these memories.
 * A mirror that is gone is left alone and dropped from the registry; one that
 * cannot be read or rewritten is reported (a warning). Returns the directories rewritten.
 *
 * @example
 * scrubMirrors('/home/me/.hippocampus/agents/ada', ['01J…']); // ['/home/me/project/memory']
 */
export function scrubMirrors(agentRoot: string, ids: readonly string[]): string[] {
  if (ids.length === 0) return [];
  const forgotten = new Set(ids);
  return rewriteMirrors(agentRoot, 'without the forgotten memories', ids, (memories) => (memories.some((entry) => forgotten.has(entry.id)) ? memories.filter((entry) => !forgotten.has(entry.id)) : null));
}

/**
 * Rewrites every registered mirror holding these memories with them as they are now: an edit that took text
 * out of a memory (`update`) left it in the mirror's index.json and Markdown while the database lost it.
 *
 * @example
 * refreshMirrors('/home/me/.hippocampus/agents/ada', [edited]); // ['/home/me/project/memory']
 */
export function refreshMirrors(agentRoot: string, records: readonly MemoryRecord[]): string[] {
  const current = new Map(records.map((record) => [record.id, toMirrorEntry(record)]));
  return rewriteMirrors(agentRoot, 'with the edited memories', [...current.keys()], (memories) => (memories.some((entry) => current.has(entry.id)) ? memories.map((entry) => current.get(entry.id) ?? entry) : null));
}

/**
 * The ids of each mirror index read, by file, with the identity of the file they were read from (inode, size,
 * mtime; every write renames a new file over it). A ring eviction scrubs the mirrors at each remember that discards
 * one, and read and checked a mirror of 10,000 memories twice for it: 193 ms a remember against 4 when evictions were
 * only deleted, 2.1 with this (bench/prune-erasure.bench.ts). A mirror known not to hold the ids is not read again.
 */
const mirrorIds = new Map<string, { identity: string; ids: Set<string> }>();

function fileIdentity(file: string): string | undefined {
  const stat = fs.statSync(file, { throwIfNoEntry: false, bigint: true });
  return stat === undefined ? undefined : `${stat.ino}:${stat.size}:${stat.mtimeNs}`;
}

/** Whether the mirror in `dir` is known, as it is now, to hold none of these memories. */
function knownToHoldNone(dir: string, ids: readonly string[]): boolean {
  const file = path.join(dir, 'index.json');
  const known = mirrorIds.get(file);
  return known !== undefined && known.identity === fileIdentity(file) && !ids.some((id) => known.ids.has(id));
}

/** The mirror in `dir`, read and checked (`readMirrorIndex`), its ids kept under the identity the file had before. */
function readMirrorIndexKeepingIds(agentRoot: string, dir: string): MirrorIndex | undefined {
  const file = path.join(dir, 'index.json');
  const identity = fileIdentity(file);
  const index = readMirrorIndex(agentRoot, dir);
  if (identity !== undefined && index !== undefined) mirrorIds.set(file, { identity, ids: new Set(index.memories.map((entry) => entry.id)) });
  else mirrorIds.delete(file);
  return index;
}

/** Each registered mirror whose entries `change` changes (null: untouched), written anew: index.json, then its Markdown. */
function rewriteMirrors(agentRoot: string, what: string, ids: readonly string[], change: (memories: MirrorIndex['memories']) => MirrorIndex['memories'] | null): string[] {
  const known = registryOf(agentRoot);
  if (known.length === 0) return [];
  const rewritten: string[] = [];
  for (const dir of known) {
    try {
      if (knownToHoldNone(dir, ids)) continue;
      // Checked before the rows changed (checkMirrorRegistry); one damaged since is reported below, not skipped unsaid.
      const index = readMirrorIndexKeepingIds(agentRoot, dir);
      const memories = index === undefined ? null : change(index.memories);
      if (index === undefined || memories === null) continue;
      writeFileAtomically(path.join(dir, 'index.json'), `${JSON.stringify({ ...index, memories }, null, 2)}\n`);
      writeMirrorMarkdown(dir, memories.map((entry) => toRecord(entry, index.agentId)), Date.parse(index.lastUpdated));
      rewritten.push(dir);
    } catch (error) {
      // The rows changed already and the other mirrors still need rewriting: a mirror that cannot be
      // (a folder made read-only, a file where a domain folder goes) is reported, not left unsaid.
      process.emitWarning(`the mirror in ${dir} could not be rewritten ${what}: ${(error as Error).message}`, { code: 'HIPPOCAMPUS_MIRROR_SCRUB' });
    }
  }
  const present = known.filter((dir) => fs.existsSync(dir));
  if (present.length !== known.length) writeFileAtomically(path.join(agentRoot, REGISTRY), `${JSON.stringify(present, null, 2)}\n`, { agentId: path.basename(agentRoot) });
  return rewritten;
}
