import type { MemoryView } from '../api-types.ts';
import { badge, h, meter, relativeTime } from '../dom.ts';
import { href } from '../router.ts';

/** The memories table: content, type, domain, tier, importance, effective strength, last access; rows selectable. */
export function memoryTable(agent: string, memories: MemoryView[], selected: Set<string>, onSelect: () => void): HTMLElement {
  const row = (memory: MemoryView) => {
    const box = h('input', { type: 'checkbox', 'aria-label': `select ${memory.id}`, checked: selected.has(memory.id) });
    box.addEventListener('change', () => {
      if (box.checked) selected.add(memory.id);
      else selected.delete(memory.id);
      onSelect();
    });
    return h(
      'tr',
      { 'data-id': memory.id },
      h('td', { class: 'select' }, box),
      h('td', { class: 'content' }, h('a', { href: href(agent, 'memory', memory.id) }, memory.content), memory.tags.length > 0 ? h('div', { class: 'tags' }, memory.tags.map((tag) => h('span', { class: 'tag' }, `#${tag}`))) : null),
      h('td', {}, badge(memory.type, memory.type)),
      h('td', { class: 'muted' }, memory.domain ?? '—'),
      h('td', {}, badge(memory.tier ?? 'short-term', `tier-${memory.tier ?? 'short-term'}`)),
      h('td', { class: 'numeric' }, meter(memory.importance, { label: 'importance' }), h('span', { class: 'number' }, memory.importance.toFixed(2))),
      h('td', { class: 'numeric' }, meter(memory.effectiveStrength, { label: 'strength', tone: 'strength' }), h('span', { class: 'number' }, memory.effectiveStrength.toFixed(2))),
      h('td', { class: 'muted nowrap' }, relativeTime(memory.lastAccessedAt)),
    );
  };
  return h(
    'table',
    { class: 'table', 'data-testid': 'memories-table' },
    h('thead', {}, h('tr', {}, h('th', {}), h('th', {}, 'Content'), h('th', {}, 'Type'), h('th', {}, 'Domain'), h('th', {}, 'Tier'), h('th', {}, 'Importance'), h('th', {}, 'Strength'), h('th', {}, 'Last access'))),
    h('tbody', {}, memories.map(row)),
  );
}
