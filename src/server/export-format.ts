import type { MemoryRecord } from '../spec/memory-record.ts';

/**
 * A Markdown export a person can read: memories grouped by type, newest first,
 * each with its id, time, importance and tags.
 *
 * @example
 * toMarkdown('ada', records, Date.now()) // "# Memories of ada\n\n## decision (3)\n..."
 */
export function toMarkdown(agentId: string, records: MemoryRecord[], exportedAt: number): string {
  const byType = new Map<string, MemoryRecord[]>();
  for (const record of [...records].sort((left, right) => right.timestamp - left.timestamp)) {
    byType.set(record.type, [...(byType.get(record.type) ?? []), record]);
  }
  const lines = [`# Memories of ${agentId}`, '', `Exported ${new Date(exportedAt).toISOString()} — ${records.length} memories.`, ''];
  for (const [type, group] of [...byType].sort(([left], [right]) => left.localeCompare(right))) {
    lines.push(`## ${type} (${group.length})`, '');
    for (const record of group) {
      const facts = [new Date(record.timestamp).toISOString().slice(0, 16).replace('T', ' '), `importance ${record.importance.toFixed(2)}`, record.domain, record.supersededBy ? `superseded by ${record.supersededBy}` : null, record.consolidatedAt === null ? 'short-term' : null]
        .filter(Boolean)
        .join(' · ');
      const tags = record.tags.length > 0 ? ` ${record.tags.map((tag) => `#${tag}`).join(' ')}` : '';
      lines.push(`- ${record.content.replace(/\s*\n\s*/g, ' ')}${tags}`, `  <sub>${record.id} · ${facts}</sub>`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
