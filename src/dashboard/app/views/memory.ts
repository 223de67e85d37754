import { api } from '../api.ts';
import type { MemoryHistoryEvent, MemoryView } from '../api-types.ts';
import { badge, h, meter, mount, relativeTime } from '../dom.ts';
import { confirmForget } from '../forget-dialog.ts';
import { href, navigate } from '../router.ts';
import { hitList } from './search.ts';
import { drawStrengthChart } from './strength-chart.ts';

const DESCRIBE: Record<MemoryHistoryEvent['event'], string> = {
  created: 'Created',
  consolidated: 'Consolidated into long-term memory',
  reinforced: 'Reinforced (met again)',
  superseded: 'Superseded',
  supersedes: 'Supersedes an older memory',
  updated: 'Edited',
};

function fact(label: string, value: Node | string): HTMLElement {
  return h('div', { class: 'fact' }, h('dt', {}, label), h('dd', {}, value));
}

function historyList(agent: string, memory: MemoryView, events: MemoryHistoryEvent[]): HTMLElement {
  const entry = (at: number, kind: string, title: Node[], details: string) =>
    ({ at, node: h('li', { class: `event event-${kind}` }, h('div', { class: 'event-title' }, title), h('div', { class: 'muted' }, `${new Date(at).toLocaleString()} · ${relativeTime(at)}`), details ? h('div', { class: 'muted small' }, details) : null) });
  const items = events.map((event) => {
    const link = typeof event.details.by === 'string' ? event.details.by : typeof event.details.previous === 'string' ? event.details.previous : null;
    const details = Object.entries(event.details)
      .filter(([key]) => key !== 'by' && key !== 'previous')
      .map(([key, value]) => `${key} ${typeof value === 'number' ? Number(value.toFixed(3)) : value}`)
      .join(' · ');
    return entry(event.at, event.event, [document.createTextNode(DESCRIBE[event.event]), ...(link ? [h('a', { href: href(agent, 'memory', link) }, ` ${link}`)] : [])], details);
  });
  if (memory.lastAccessedAt !== null) items.push(entry(memory.lastAccessedAt, 'accessed', [document.createTextNode(`Last accessed (${memory.accessCount}× in all)`)], ''));
  return h('ol', { class: 'timeline', 'data-testid': 'history' }, items.sort((left, right) => left.at - right.at).map((item) => item.node));
}

function editForm(agent: string, memory: MemoryView): HTMLElement {
  const content = h('textarea', { class: 'input', name: 'content', rows: 3, 'aria-label': 'content' }, memory.content);
  const importance = h('input', { class: 'input small', name: 'importance', type: 'number', min: 0, max: 1, step: 0.05, value: memory.importance.toFixed(2), 'aria-label': 'importance' });
  const status = h('span', { class: 'muted' });
  const form = h('form', { class: 'edit' }, content, h('div', { class: 'row' }, h('label', { class: 'muted' }, 'Importance ', importance), h('button', { class: 'button primary', type: 'submit' }, 'Save'), status));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    await api.update(agent, memory.id, { content: content.value, importance: Number(importance.value) });
    status.textContent = 'Saved';
    navigate(href(agent, 'memory', memory.id));
  });
  return form;
}

/** One memory: what it says, its numbers, its strength over time, its history and its neighbours. */
export async function renderMemory(root: HTMLElement, agent: string, id: string): Promise<void> {
  const [{ memory }, { events }, curve] = await Promise.all([api.memory(agent, id), api.history(agent, id), api.strength(agent, id)]);
  const canvas = h('canvas', { 'aria-label': 'Strength over time', 'data-testid': 'strength-chart' });
  const related = h('div', {}, h('p', { class: 'muted' }, 'Finding similar memories…'));
  const forget = h('button', { class: 'button danger', type: 'button', 'data-testid': 'forget-memory' }, 'Forget…');
  forget.addEventListener('click', async () => {
    if (await confirmForget(agent, { ids: [memory.id] })) navigate(href(agent, 'memories'));
  });
  const forgottenIn = curve.forgottenAt === null ? 'not within a century' : relativeTime(curve.forgottenAt);
  mount(
    root,
    h('nav', { class: 'crumbs' }, h('a', { href: href(agent, 'memories') }, '← Memories')),
    h('header', { class: 'page-header' }, h('div', { class: 'memory-title' }, h('div', { class: 'hit-meta' }, badge(memory.type, memory.type), badge(memory.tier ?? 'short-term', `tier-${memory.tier ?? 'short-term'}`), memory.supersededBy ? badge('superseded', 'error') : null), h('h1', { class: 'memory-content' }, memory.content)), forget),
    h(
      'div',
      { class: 'memory-grid' },
      h(
        'section',
        { class: 'card panel' },
        h('header', { class: 'panel-header' }, h('h3', {}, 'Strength over time'), h('span', { class: 'muted' }, `half-life ${curve.halfLifeDays.toFixed(1)} days · fades ${forgottenIn}`)),
        h('div', { class: 'chart-box tall' }, canvas),
      ),
      h(
        'section',
        { class: 'card panel' },
        h('h3', {}, 'Details'),
        h(
          'dl',
          { class: 'facts' },
          fact('Effective strength', h('span', {}, meter(memory.effectiveStrength, { tone: 'strength', label: 'strength' }), ` ${memory.effectiveStrength.toFixed(3)}`)),
          fact('Importance', h('span', {}, meter(memory.importance, { label: 'importance' }), ` ${memory.importance.toFixed(2)}`)),
          fact('Running intensity', memory.runningIntensity.toFixed(3)),
          fact('Encounters · accesses', `${memory.encounterCount} · ${memory.accessCount}`),
          fact('Domain', memory.domain ?? '—'),
          fact('Tags', memory.tags.length ? memory.tags.map((tag) => `#${tag}`).join(' ') : '—'),
          fact('Happened', new Date(memory.timestamp).toLocaleString()),
          fact('Stored', memory.consolidatedAt === null ? 'short-term' : `long-term since ${new Date(memory.consolidatedAt).toLocaleDateString()}`),
          fact('Id', h('code', {}, memory.id)),
        ),
      ),
      h('section', { class: 'card panel' }, h('h3', {}, 'History'), historyList(agent, memory, events)),
      h('section', { class: 'card panel' }, h('h3', {}, 'Edit'), editForm(agent, memory)),
    ),
    h('section', { class: 'related' }, h('h2', {}, 'Related memories'), related),
  );
  drawStrengthChart(canvas, curve);
  const { results } = await api.search(agent, { query: memory.content, limit: 6 });
  mount(related, hitList(agent, results.filter((hit) => hit.memory.id !== memory.id).slice(0, 5)));
}
