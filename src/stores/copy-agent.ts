import { STORED_MESSAGES_SOURCE } from '../conversations/messages-table.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { MemoryHistoryEvent } from '../spec/memory-store.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { storableValue } from '../core/stored-text.ts';

export interface CopyAgentReport {
  agentId: string;
  memories: number;
  vectors: number;
  historyEvents: number;
  blocks: number;
  skills: number;
  skillVersions: number;
  watermarks: number;
  /** Ids the agent forgot (ids only): carried so that nothing re-imports or replays them on the target. */
  forgottenIds: number;
  /** What could not be copied, and why (a capability the source or target lacks). */
  notCopied: string[];
}

/** The record with its text storable on every backend (storableText); the same object when it already was. */
function storableRecord(record: MemoryRecord): MemoryRecord {
  const fields = { content: record.content, context: record.context, tags: record.tags, domain: record.domain, category: record.category, source: record.source };
  const storable = storableValue(fields);
  return JSON.stringify(storable) === JSON.stringify(fields) ? record : { ...record, ...storable };
}

/** Memories read and written per batch. */
const PAGE = 500;

/**
 * Copies one agent from one backend to another through the contracts alone (`hippocampus data migrate`):
 * memories with their ids, times, strength and supersession, their vectors and embedding model, their
 * history, memory blocks, skills with every version, and watermarks. The source must hold the agent (a
 * misspelled id is NOT_FOUND before the target is touched: it used to "copy" 0 memories and leave an empty
 * agent there) and the target agent must be empty.
 * Counts are verified at the end: a difference is an error, not a warning.
 *
 * @example
 * const report = await copyAgent({ from: sqlite, to: postgres, agentId: 'ada' });
 */
export async function copyAgent(options: { from: MemoryBackend; to: MemoryBackend; agentId: string; onProgress?: (copied: number) => void }): Promise<CopyAgentReport> {
  const { from, to, agentId } = options;
  const scope = { agentId };
  if (!(await from.store.hasAgent(agentId))) {
    const held = await from.store.listAgents();
    throw new NotFoundError({ what: 'Agent', id: agentId, hint: held.length > 0 ? `agents in the source store: ${held.slice(0, 20).join(', ')}; pick one with --agent` : 'the source store holds no agents' });
  }
  await refuseUsedTarget(to, agentId);
  const report: CopyAgentReport = { agentId, memories: 0, vectors: 0, historyEvents: 0, blocks: 0, skills: 0, skillVersions: 0, watermarks: 0, forgottenIds: 0, notCopied: [] };
  const model = await from.vectors.boundModel(scope);
  if (model !== null) await to.vectors.bind(scope, model);

  const superseded: { id: string; supersededBy: string }[] = [];
  let nulRemoved = 0;
  let afterId: string | undefined;
  for (;;) {
    const page = await from.store.query(scope, { includeSuperseded: true, orderBy: 'id', direction: 'asc', limit: PAGE, ...(afterId === undefined ? {} : { afterId }) });
    if (page.length === 0) break;
    afterId = page.at(-1)!.id;
    // A memory may point at one of a later page: links are set once every row exists.
    for (const record of page) if (record.supersededBy !== null) superseded.push({ id: record.id, supersededBy: record.supersededBy });
    // A memory stored before U+0000 was kept out (or on SQLite, which holds it) is copied without it: PostgreSQL
    // refused the whole page, and a migrate that stopped after its first pages could not be run again.
    const storable = page.map((record) => storableRecord(record));
    nulRemoved += storable.filter((record, index) => record !== page[index]).length;
    const outcome = await to.store.insertMany(scope, storable.map((record) => ({ ...record, supersededBy: null })));
    if (outcome.duplicates.length > 0) throw new HippocampusError({ code: 'STORE_ERROR', message: `${outcome.duplicates.length} memories of "${agentId}" were taken for duplicates in the target` });
    const ids = page.map((record) => record.id);
    const vectors = await from.vectors.vectorsOf(scope, ids);
    if (vectors.size > 0) await to.vectors.upsert(scope, [...vectors].map(([id, vector]) => ({ id, vector })));
    const history: MemoryHistoryEvent[] = await from.store.listHistoryMany(scope, ids);
    await to.store.appendHistory(scope, history);
    report.memories += page.length;
    report.vectors += vectors.size;
    report.historyEvents += history.length;
    options.onProgress?.(report.memories);
  }
  await to.store.updateMany(scope, superseded.map(({ id, supersededBy }) => ({ id, patch: { supersededBy } })));
  if (nulRemoved > 0) report.notCopied.push(`U+0000 characters of ${nulRemoved} memories: no PostgreSQL text can hold one`);

  await copyLayers(options, report);
  await copyTombstones(options, report);
  await verify(options, report);
  return report;
}

/**
 * The target agent must hold nothing of the agent: no memory, no forgotten id, no memory block, no skill. Blocks and
 * skills were not looked at: a target whose block was set first (a PUT …/blocks/human opens the agent there) took every
 * memory, then failed the count check (STORE_ERROR), and a migrate run again was refused for the memories it had
 * just written (probe); a block of the source's key was overwritten without a word.
 */
async function refuseUsedTarget(to: MemoryBackend, agentId: string): Promise<void> {
  const scope = { agentId };
  if ((await to.store.count(scope, { includeSuperseded: true })) > 0) {
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `Agent "${agentId}" already has memories in the target store: migrate into an empty agent` });
  }
  // An agent that forgot memories on the target was used there (a migrate before): the source still holds what it
  // forgot, and a copy run again brought it all back into an agent that held no memory, only their ids.
  const forgottenThere = (await to.forgottenIds?.(scope)) ?? [];
  if (forgottenThere.length > 0) {
    throw new HippocampusError({
      code: 'CONFIG_ERROR',
      message: `Agent "${agentId}" forgot ${forgottenThere.length} memories in the target store: copied again, the source would bring them back. Migrate into an agent the target has never held (the source keeps its own copy: forgetting on the target does not reach it)`,
      details: { agentId, forgottenIds: forgottenThere.length },
    });
  }
  const blocks = (await to.blocks?.list(scope))?.length ?? 0;
  const skills = (await to.skills?.list(scope))?.length ?? 0;
  if (blocks + skills > 0) {
    const held = [blocks > 0 ? `${blocks} memory block${blocks === 1 ? '' : 's'}` : '', skills > 0 ? `${skills} skill${skills === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `Agent "${agentId}" already has ${held} in the target store: migrate into an empty agent`, details: { agentId, blocks, skills } });
  }
}

async function copyLayers({ from, to, agentId }: { from: MemoryBackend; to: MemoryBackend; agentId: string }, report: CopyAgentReport): Promise<void> {
  const scope = { agentId };
  const lacking = (what: string, name: string) => report.notCopied.push(`${what}: the ${from[name as keyof MemoryBackend] === undefined ? 'source' : 'target'} keeps none`);
  if (from.blocks && to.blocks) {
    const blocks = await from.blocks.list(scope);
    await to.blocks.putMany(scope, blocks);
    report.blocks = blocks.length;
  } else if (from.blocks) lacking('memory blocks', 'blocks');
  if (from.skills && to.skills) {
    for (const stored of await from.skills.list(scope)) {
      const versions = await from.skills.versions(scope, stored.skill.id);
      const [first, ...later] = versions;
      const asOf = (version: NonNullable<typeof first>) => ({ ...stored.skill, version: version.version, description: version.description, code: version.code, language: version.language, inputs: version.inputs, updatedAt: version.createdAt });
      await to.skills.insert(scope, { ...stored, skill: first ? { ...asOf(first), createdAt: stored.skill.createdAt } : stored.skill });
      for (const version of later) await to.skills.saveVersion(scope, { ...stored, skill: asOf(version) }, version.reason);
      report.skills += 1;
      report.skillVersions += Math.max(1, versions.length);
    }
    if (report.skills > 0) report.notCopied.push('skill outcome notes (each skill keeps its success and failure counts)');
  } else if (from.skills) lacking('skills', 'skills');
  if (from.watermarks && to.watermarks) {
    for (const watermark of await from.watermarks.list(scope)) {
      // The store's own messages table is not copied: on the target its ids are others (PostgreSQL's one
      // sequence serves every agent), and "after the last id read" there skipped the host's new messages.
      if (watermark.sourceId.startsWith(STORED_MESSAGES_SOURCE)) {
        report.notCopied.push(`the messages table the watcher read (${watermark.sourceId}) and its watermark: the watcher reads the target's table from its start`);
        continue;
      }
      await to.watermarks.save(scope, watermark.sourceId, watermark.position, watermark.updatedAt);
      report.watermarks += 1;
    }
  }
  // Every `hippocampus graph` command (and createKnowledgeGraph(…).linkMemories()) links the memories not yet linked first.
  if (from.knowledgeGraph) report.notCopied.push('the knowledge graph: rebuilt from the copied memories by the first graph command on the target, e.g. `hippocampus graph entities`');
}

/**
 * The ids the agent forgot, tombstoned on the target too: without them a stale mirror (`index import`) brought a
 * memory forgotten before the migrate back on the target, which the source had refused.
 */
async function copyTombstones({ from, to, agentId }: { from: MemoryBackend; to: MemoryBackend; agentId: string }, report: CopyAgentReport): Promise<void> {
  const ids = (await from.forgottenIds?.({ agentId })) ?? [];
  if (ids.length === 0) return;
  if (!to.purgeDeletedText) {
    report.notCopied.push(`the ids of ${ids.length} forgotten memories: the target keeps no tombstones`);
    return;
  }
  await to.purgeDeletedText({ agentId }, ids);
  report.forgottenIds = ids.length;
}

async function verify({ from, to, agentId }: { from: MemoryBackend; to: MemoryBackend; agentId: string }, report: CopyAgentReport): Promise<void> {
  const scope = { agentId };
  const pairs: [string, number, number][] = [
    ['memories', await from.store.count(scope, { includeSuperseded: true }), await to.store.count(scope, { includeSuperseded: true })],
    ['superseded memories', (await from.store.statistics(scope, Date.now())).superseded, (await to.store.statistics(scope, Date.now())).superseded],
    ['vectors', (await from.vectors.statistics(scope)).withVectors, (await to.vectors.statistics(scope)).withVectors],
  ];
  if (from.blocks && to.blocks) pairs.push(['memory blocks', (await from.blocks.list(scope)).length, (await to.blocks.list(scope)).length]);
  if (from.skills && to.skills) pairs.push(['skills', (await from.skills.list(scope)).length, (await to.skills.list(scope)).length]);
  const wrong = pairs.filter(([, source, target]) => source !== target);
  if (wrong.length > 0) {
    throw new HippocampusError({
      code: 'STORE_ERROR',
      message: `Copy of agent "${agentId}" does not match its source: ${wrong.map(([what, source, target]) => `${what} ${source} → ${target}`).join(', ')}`,
      details: { report },
    });
  }
}
