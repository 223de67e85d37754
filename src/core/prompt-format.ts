import type { MemoryRecord } from '../spec/memory-record.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Human time-ago by calendar distance: "today", "yesterday", "3 days ago", "2 weeks ago", "4 months ago", "2 years ago".
 *
 * @example
 * timeAgo(Date.now() - 3 * 86_400_000, Date.now()) // '3 days ago'
 */
export function timeAgo(time: number, now: number): string {
  const days = Math.floor(Math.max(0, now - time) / DAY);
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  if (days < 365) return `${Math.floor(days / 30)} months ago`;
  const years = Math.floor(days / 365);
  return years === 1 ? '1 year ago' : `${years} years ago`;
}

/**
 * A prompt-ready block of memories, most relevant first as given.
 *
 * @example
 * formatMemoriesForPrompt(results.map((result) => result.memory))
 * // ## Relevant Past Experiences
 * // - (yesterday) [decision] Use Postgres for billing
 */
export function formatMemoriesForPrompt(memories: readonly Pick<MemoryRecord, 'content' | 'type' | 'timestamp'>[], options: { now?: number; title?: string } = {}): string {
  const now = options.now ?? Date.now();
  const title = options.title ?? 'Relevant Past Experiences';
  if (memories.length === 0) return `## ${title}\n(none)`;
  return [`## ${title}`, ...memories.map((memory) => `- (${timeAgo(memory.timestamp, now)}) [${memory.type}] ${memory.content.replace(/\s+/g, ' ').trim()}`)].join('\n');
}
