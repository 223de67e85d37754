import type { MemoryBlockStore } from '../spec/block-store.ts';
import { decisiveWords, holdsEveryWord, namesWord } from './description-words.ts';

/** A memory block whose lines still say what was just forgotten. */
export interface BlockLinesStillSaying {
  key: string;
  lines: string[];
}

/** What every forget surface (forget_memory, HTTP, CLI) adds when blocks still say it: the lines, and what to do about them. */
export interface StillInBlocksReport {
  stillInBlocks?: BlockLinesStillSaying[];
  next?: string;
}

/**
 * The lines of the agent's memory blocks that still say what was just forgotten, and what to do about them
 * (an empty object when none do). Blocks are the agent's own notes, so a forget does not rewrite them behind
 * its back; but one that left "Locker code: 4471" in the human block (in every prompt after) and said
 * nothing was not a forget. A line counts when it holds every word of the description, or names every
 * number, code and name of a forgotten memory. One function, so forget_memory, HTTP and the CLI say the same.
 *
 * @example
 * const report = await stillInBlocks({ blocks, agentId: memory.agentId }, records.map((record) => record.content));
 * // { stillInBlocks: [{ key: 'human', lines: ['Locker code: 4471'] }], next: 'Memory block "human" still says it: …' }
 */
export async function stillInBlocks(
  where: { blocks: MemoryBlockStore | undefined; agentId: string },
  forgotten: readonly string[],
  description?: string,
): Promise<StillInBlocksReport> {
  if (where.blocks === undefined || forgotten.length === 0) return {};
  const decisive = forgotten.map((content) => decisiveWords(content)).filter((words) => words.length > 0);
  const says = (line: string) =>
    line.trim().length > 0 && ((description !== undefined && holdsEveryWord(line, description)) || decisive.some((words) => words.every((word) => namesWord(line, word))));
  const blocks = await where.blocks.list({ agentId: where.agentId });
  const found = blocks.map((block) => ({ key: block.key, lines: block.value.split('\n').filter(says) })).filter((entry) => entry.lines.length > 0);
  if (found.length === 0) return {};
  const keys = found.map((entry) => `"${entry.key}"`).join(', ');
  return { stillInBlocks: found, next: `Memory block ${keys} still says it: ask the user, then remove those lines with replace_memory_block ({ key, find: the line, replace: "" }), or every prompt keeps carrying them.` };
}
