import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { stillInBlocks, type StillInBlocksReport } from './still-in-blocks.ts';

/**
 * Forgets these ids (with what was derived from them) and names the memory-block lines that still say
 * what went, as forget_memory does: for the surfaces that forget by id outside the agent tools (HTTP
 * POST …/forget {ids} and DELETE …/memories/:id, the CLI's `memory forget`). `records` are the ids' rows
 * when the caller read them already (the CLI reads them to refuse unknown ids before anything goes).
 * `conversations`: the working-memory conversations dropped because they still held what went.
 *
 * @example
 * const { deleted, stillInBlocks } = await forgetIdsNamingBlockLines(engine, ['01J…']);
 */
export async function forgetIdsNamingBlockLines(
  engine: Hippocampus,
  ids: string[],
  records?: readonly MemoryRecord[],
): Promise<{ deleted: string[]; conversations: string[] } & StillInBlocksReport> {
  // Read before they are gone: their text is what the block lines are compared with.
  const before = records ?? (await engine.store.getMany({ agentId: engine.agentId }, ids));
  const { forgotten: deleted, conversations } = await engine.forgetReporting(ids);
  const gone = new Set(deleted);
  // A backend without blocks (a host's own) has none to name: the forget itself must not fail after the fact.
  const inBlocks = await stillInBlocks({ blocks: engine.backend.blocks, agentId: engine.agentId }, before.filter((record) => gone.has(record.id)).map((record) => record.content));
  return { deleted, conversations, ...inBlocks };
}
