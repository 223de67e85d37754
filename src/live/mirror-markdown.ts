import { liveScore } from '../core/live-score.ts';
import { tierOf } from '../core/tiers.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { LIVE_DOMAINS } from './live-candidate.ts';

const TITLES: Record<string, string> = {
  user: 'About the user',
  self: 'About the agent itself',
  relationship: 'Between the user and the agent',
  world: 'Projects, people and decisions',
  other: 'Other memories',
};

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The folder a memory's domain is mirrored in: one of the four live domains, else "other". */
export function mirrorFolderOf(domain: string | null): string {
  return domain !== null && (LIVE_DOMAINS as readonly string[]).includes(domain) ? domain : 'other';
}

function entry(record: MemoryRecord, now: number): string {
  const score = liveScore(record, now);
  const facts = [
    `${tierOf(score)} (live score ${score.toFixed(2)})`,
    `reinforced ${record.encounterCount - 1}×`,
    `created ${day(record.createdAt)}`,
    record.lastAccessedAt === null ? 'never accessed' : `last accessed ${day(record.lastAccessedAt)}`,
    ...(record.tags.length > 0 ? [`keywords: ${record.tags.join(', ')}`] : []),
    `id ${record.id}`,
  ];
  return `- **${record.importance.toFixed(2)}** ${record.content.replace(/\s+/g, ' ').trim()}\n  <sub>${facts.join(' · ')}</sub>`;
}

/**
 * A domain's memories as Markdown a person can read: grouped by category,
 * most important first. Generated from the store; edits belong in index.json.
 *
 * @example
 * renderDomainMarkdown('user', records, Date.now()) // '# About the user\n…\n## preference\n- **0.80** User prefers…'
 */
export function renderDomainMarkdown(folder: string, records: readonly MemoryRecord[], now: number): string {
  const byCategory = new Map<string, MemoryRecord[]>();
  for (const record of records) {
    const category = folder === 'other' ? `${record.domain ?? 'no domain'} · ${record.category ?? 'uncategorized'}` : (record.category ?? 'uncategorized');
    byCategory.set(category, [...(byCategory.get(category) ?? []), record]);
  }
  const sections = [...byCategory.entries()]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([category, members]) => [`## ${category}`, '', ...[...members].sort((left, right) => right.importance - left.importance || left.id.localeCompare(right.id)).map((record) => entry(record, now))].join('\n'));
  return [`# ${TITLES[folder] ?? folder}`, '', `_Generated ${new Date(now).toISOString()} from index.json; edit index.json and run \`hippocampus index import\`, not this file._`, '', ...(sections.length > 0 ? sections : ['(no memories yet)'])].join('\n\n').replace(/\n{3,}/g, '\n\n') + '\n';
}
