import { api } from '../api.ts';
import type { SearchHit } from '../api-types.ts';
import { badge, h, meter, mount } from '../dom.ts';
import { href, navigate } from '../router.ts';

const SIGNALS = ['semantic', 'keyword', 'strength', 'recency', 'importance', 'thread', 'time', 'hop', 'session', 'speaker'] as const;

/** One signal of the score: its value as a bar, and what it added to the score. */
function signalRow(hit: SearchHit, signal: (typeof SIGNALS)[number]): HTMLElement | null {
  const weight = hit.explain.weights[signal];
  if (weight === 0 && hit.explain.signals[signal] === 0) return null;
  return h(
    'div',
    { class: 'signal', 'data-signal': signal },
    h('span', { class: 'signal-name' }, signal),
    meter(hit.explain.signals[signal], { label: signal, tone: `signal-${signal}`, title: `${signal} ${hit.explain.signals[signal].toFixed(3)} × weight ${weight.toFixed(2)}` }),
    h('span', { class: 'number' }, `+${hit.explain.contributions[signal].toFixed(3)}`),
  );
}

/** A list of hits with their score breakdown (also used for related memories). */
export function hitList(agent: string, hits: SearchHit[]): HTMLElement {
  if (hits.length === 0) return h('p', { class: 'empty' }, 'Nothing found.');
  return h(
    'ol',
    { class: 'hits', 'data-testid': 'search-results' },
    hits.map((hit, index) =>
      h(
        'li',
        { class: 'card hit', 'data-id': hit.memory.id },
        h('div', { class: 'hit-rank' }, String(index + 1)),
        h(
          'div',
          { class: 'hit-body' },
          h('a', { class: 'hit-content', href: href(agent, 'memory', hit.memory.id) }, hit.memory.content),
          h('div', { class: 'hit-meta' }, badge(hit.memory.type, hit.memory.type), badge(hit.memory.tier ?? 'short-term', `tier-${hit.memory.tier ?? 'short-term'}`), hit.memory.domain ? h('span', { class: 'muted' }, hit.memory.domain) : null),
        ),
        h('div', { class: 'hit-score' }, h('div', { class: 'score' }, hit.score.toFixed(3)), h('div', { class: 'signals' }, SIGNALS.map((signal) => signalRow(hit, signal)))),
      ),
    ),
  );
}

/** Hybrid search over the agent's memory; the query lives in the URL so results can be linked. */
export async function renderSearch(root: HTMLElement, agent: string, params: URLSearchParams): Promise<void> {
  const query = params.get('q') ?? '';
  const mode = params.get('mode') ?? 'hybrid';
  const filter = params.get('filter') ?? '';
  const modeSelect = h('select', { name: 'mode', class: 'input', 'aria-label': 'mode' }, ['hybrid', 'semantic', 'keyword'].map((value) => h('option', { value }, value)));
  modeSelect.value = mode;
  const form = h(
    'form',
    { class: 'filters card', role: 'search' },
    h('input', { name: 'q', class: 'input grow big', type: 'search', placeholder: 'What should the agent remember about…', value: query, autofocus: true, 'aria-label': 'query' }),
    modeSelect,
    h('input', { name: 'filter', class: 'input mono grow', placeholder: 'Filter, e.g. {"type":{"$in":["decision","error"]}}', value: filter }),
    h('button', { class: 'button primary', type: 'submit' }, 'Search'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(form)].map(([key, value]) => [key, String(value).trim()]));
    navigate(href(agent, 'search', undefined, values));
  });
  const results = h('div', {});
  mount(root, h('header', { class: 'page-header' }, h('div', {}, h('h1', {}, 'Search'), h('p', { class: 'muted' }, 'Hybrid recall: keywords, meaning, strength, recency and importance, each shown as a bar.'))), form, results);
  if (!query) return;
  const { results: hits, tookMs } = await api.search(agent, { query, mode: mode as 'hybrid', limit: 20, ...(filter ? { filter } : {}) });
  mount(results, h('p', { class: 'muted' }, `${hits.length} result${hits.length === 1 ? '' : 's'} in ${tookMs.toFixed(1)} ms`), hitList(agent, hits));
}
