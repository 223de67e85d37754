import { api, type ListFilters } from '../api.ts';
import type { MemoryView } from '../api-types.ts';
import { h, mount } from '../dom.ts';
import { confirmForget } from '../forget-dialog.ts';
import { href, navigate } from '../router.ts';
import { memoryTable } from './memory-table.ts';

const TYPES = ['chat', 'observation', 'task', 'decision', 'tool-use', 'error', 'insight'];
const TIERS = ['core', 'active', 'background', 'archival', 'short-term'];

function select(name: string, label: string, options: string[], value: string): HTMLSelectElement {
  const element = h('select', { name, class: 'input', 'aria-label': label }, h('option', { value: '' }, label), options.map((option) => h('option', { value: option }, option)));
  element.value = value;
  return element;
}

/** The memories table with filters (kept in the URL), cursor paging and forgetting of selected rows. */
export async function renderMemories(root: HTMLElement, agent: string, params: URLSearchParams): Promise<void> {
  const filters: ListFilters = Object.fromEntries(['text', 'types', 'tier', 'domain', 'minImportance', 'filter'].map((key) => [key, params.get(key) ?? ''])) as ListFilters;
  const memories: MemoryView[] = [];
  const selected = new Set<string>();
  let cursor: string | null = null;
  let total = 0;

  const form = h(
    'form',
    { class: 'filters card' },
    h('input', { name: 'text', class: 'input grow', type: 'search', placeholder: 'Content contains…', value: filters.text ?? '' }),
    select('types', 'Any type', TYPES, filters.types ?? ''),
    select('tier', 'Any tier', TIERS, filters.tier ?? ''),
    h('input', { name: 'domain', class: 'input small', placeholder: 'Domain', value: filters.domain ?? '' }),
    h('input', { name: 'minImportance', class: 'input small', type: 'number', min: 0, max: 1, step: 0.05, placeholder: 'Min importance', value: filters.minImportance ?? '' }),
    h('input', { name: 'filter', class: 'input mono grow', placeholder: 'Filter, e.g. {"importance":{"$gte":0.6}}', value: filters.filter ?? '' }),
    h('button', { class: 'button primary', type: 'submit' }, 'Apply'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(form)].map(([key, value]) => [key, String(value).trim()]));
    navigate(href(agent, 'memories', undefined, values));
  });

  const summary = h('span', { class: 'muted' });
  const forgetButton = h('button', { class: 'button danger', type: 'button', disabled: true, 'data-testid': 'forget-selected' }, 'Forget selected');
  const description = h('input', { class: 'input', name: 'description', type: 'search', placeholder: 'Describe what to forget…', 'aria-label': 'forget by description', required: true });
  const forgetDescribed = h('form', { class: 'row' }, description, h('button', { class: 'button danger', type: 'submit', 'data-testid': 'forget-described' }, 'Forget…'));
  forgetDescribed.addEventListener('submit', async (event) => {
    event.preventDefault();
    const deleted = await confirmForget(agent, { description: description.value.trim() });
    if (deleted && deleted.length > 0) navigate(href(agent, 'memories', undefined, Object.fromEntries(params)));
  });
  const tableHolder = h('div', { class: 'card table-card' });
  const more = h('button', { class: 'button', type: 'button' }, 'Load more');

  const refresh = () => {
    summary.textContent = `${memories.length.toLocaleString()} of ${total.toLocaleString()} memories${selected.size ? ` · ${selected.size} selected` : ''}`;
    forgetButton.toggleAttribute('disabled', selected.size === 0);
    mount(tableHolder, memories.length > 0 ? memoryTable(agent, memories, selected, refresh) : h('p', { class: 'empty' }, 'No memories match these filters.'));
    more.hidden = cursor === null;
  };
  const load = async () => {
    const page = await api.memories(agent, filters, cursor);
    memories.push(...page.memories);
    cursor = page.nextCursor;
    total = page.total;
    refresh();
  };
  more.addEventListener('click', () => void load());
  forgetButton.addEventListener('click', async () => {
    const deleted = await confirmForget(agent, { ids: [...selected] });
    if (deleted) navigate(href(agent, 'memories', undefined, Object.fromEntries(params)));
  });

  mount(
    root,
    h('header', { class: 'page-header' }, h('div', {}, h('h1', {}, 'Memories'), summary), h('div', { class: 'row' }, forgetDescribed, forgetButton)),
    form,
    tableHolder,
    h('div', { class: 'center' }, more),
  );
  await load();
}
