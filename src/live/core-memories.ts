import { z } from 'zod';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { coreMemories, type ScoredMemory } from './live-memories.ts';
import { requireEngine } from '../memory/backend-capability.ts';
import { parseWith } from '../config/parse.ts';

/** The largest context windows offered today hold 1-2 million tokens; a core block larger than a whole context is not a budget but a typo. */
export const MAX_CORE_BUDGET_TOKENS = 1_000_000;

/** loadCoreMemories' options: a budget of whole tokens (-1 and NaN were taken and cut everything), a finite time, a string title. */
const coreMemoriesOptionsSchema = z.object({
  budgetTokens: z.number().int().min(1).max(MAX_CORE_BUDGET_TOKENS).optional(),
  now: z.number().finite().optional(),
  title: z.string().optional(),
});

/** Tokens are approximated as characters / 4 (no tokenizer is loaded); a budget is therefore approximate too. */
export function approximateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface CoreMemoryBlock {
  /** The prompt block, ready to put in a system prompt. */
  text: string;
  included: ScoredMemory[];
  /** Core memories the budget left out (the least important ones). */
  omitted: number;
  /** approximateTokens(text): characters / 4. */
  approximateTokens: number;
}

const DOMAIN_LABEL: Record<string, string> = { user: 'about the user', self: 'about yourself', relationship: 'between you', world: 'the world' };

function line(entry: ScoredMemory): string {
  const domain = DOMAIN_LABEL[entry.memory.domain ?? ''] ?? entry.memory.domain ?? 'memory';
  return `- [${domain}${entry.memory.category ? ` · ${entry.memory.category}` : ''}] ${entry.memory.content.replace(/\s+/g, ' ').trim()}`;
}

/**
 * Every core memory (live score ≥ 0.7), most important first, as a prompt block
 * for the start of a session, cut to `budgetTokens` (approximate tokens:
 * characters / 4). When the budget cuts some, the block ends with a marker
 * saying how many were left out.
 *
 * @example
 * const { text } = await loadCoreMemories(memory, { budgetTokens: 800 });
 * // ## Core memories
 * // - [about the user · preference] User prefers short answers without emojis
 * // … 3 more core memories left out by the 800-token budget
 */
export async function loadCoreMemories(memory: Hippocampus, options: { budgetTokens?: number; now?: number; title?: string } = {}): Promise<CoreMemoryBlock> {
  requireEngine(memory, 'loadCoreMemories');
  parseWith(coreMemoriesOptionsSchema, options ?? {}, 'loadCoreMemories options');
  const budget = options.budgetTokens ?? 800;
  const entries = await coreMemories(memory, options.now);
  const header = `## ${options.title ?? 'Core memories'}`;
  const lines = [header];
  const included: ScoredMemory[] = [];
  const marker = (count: number) => `… ${count} more core ${count === 1 ? 'memory' : 'memories'} left out by the ${budget}-token budget`;
  for (const [index, entry] of entries.entries()) {
    const remaining = entries.length - index - 1;
    // Room is kept for the marker whenever something would still follow, so the cut is always announced.
    const withEntry = [...lines, line(entry), ...(remaining > 0 ? [marker(remaining)] : [])].join('\n');
    if (approximateTokens(withEntry) > budget) break;
    lines.push(line(entry));
    included.push(entry);
  }
  const omitted = entries.length - included.length;
  if (entries.length === 0) lines.push('(none yet)');
  if (omitted > 0) lines.push(marker(omitted));
  const text = lines.join('\n');
  return { text, included, omitted, approximateTokens: approximateTokens(text) };
}
