import './styles.css';
import { api, ApiError, onTokenNeeded } from './api.ts';
import { h, mount } from './dom.ts';
import { href, navigate, parseRoute, type ViewName } from './router.ts';
import { promptForToken } from './token-dialog.ts';
import { renderBlocks } from './views/blocks.ts';
import { renderGraph } from './views/graph.ts';
import { renderMemories } from './views/memories.ts';
import { renderMemory } from './views/memory.ts';
import { renderOverview } from './views/overview.ts';
import { renderSearch } from './views/search.ts';

onTokenNeeded(promptForToken);

const root = document.querySelector<HTMLElement>('#app')!;
const agentSelect = h('select', { class: 'input', 'aria-label': 'agent', 'data-testid': 'agent-picker' });
const nav = h('nav', { class: 'nav' });
const exports = h('div', { class: 'exports' });
const view = h('main', { class: 'view', 'data-testid': 'view' });
mount(root, h('div', { class: 'layout' }, h('aside', { class: 'sidebar' }, h('a', { class: 'brand', href: '#/' }, h('span', { class: 'brand-mark' }), 'Hippocampus'), h('label', { class: 'sidebar-label' }, 'Agent'), agentSelect, nav, exports), view));

const NAV: [ViewName, string][] = [
  ['overview', 'Overview'],
  ['memories', 'Memories'],
  ['search', 'Search'],
  ['blocks', 'Blocks'],
  ['graph', 'Graph'],
];

agentSelect.addEventListener('change', () => navigate(href(agentSelect.value, parseRoute().view === 'memory' ? 'memories' : parseRoute().view)));

let agents: string[] = [];
let rendering = 0;

async function render(): Promise<void> {
  const turn = ++rendering;
  const route = parseRoute();
  if (!route.agent) {
    const first = agents[0];
    if (first) return navigate(href(first, 'overview'));
    return mount(view, h('div', { class: 'card empty' }, h('h2', {}, 'No agents yet'), h('p', { class: 'muted' }, 'Store a memory with the CLI, the agent tools or POST /agents/<agent>/memories, then reload.')));
  }
  const agent = route.agent;
  agentSelect.value = agent;
  const active = route.view === 'memory' ? 'memories' : route.view;
  mount(nav, NAV.map(([name, label]) => h('a', { href: href(agent, name), class: name === active ? 'active' : '' }, label)));
  const exportLink = (format: 'json' | 'markdown', label: string) =>
    h(
      'a',
      {
        href: api.exportUrl(agent, format),
        download: '',
        onclick: (event: Event) => {
          event.preventDefault();
          api.downloadExport(agent, format).catch((error: unknown) => window.alert(`Export failed: ${error instanceof Error ? error.message : String(error)}`));
        },
      },
      label,
    );
  mount(exports, h('span', { class: 'sidebar-label' }, 'Export'), exportLink('json', 'JSON'), exportLink('markdown', 'Markdown'));
  view.setAttribute('data-view', route.view);
  view.setAttribute('aria-busy', 'true');
  try {
    if (route.view === 'memories') await renderMemories(view, agent, route.params);
    else if (route.view === 'search') await renderSearch(view, agent, route.params);
    else if (route.view === 'memory' && route.id) await renderMemory(view, agent, route.id);
    else if (route.view === 'blocks') await renderBlocks(view, agent);
    else if (route.view === 'graph') await renderGraph(view, agent, route.id, route.params);
    else await renderOverview(view, agent);
  } catch (error) {
    if (turn !== rendering) return;
    const message = error instanceof ApiError ? `${error.code}: ${error.message}` : String(error);
    mount(view, h('div', { class: 'card error-box', role: 'alert' }, h('h2', {}, 'Something went wrong'), h('p', {}, message)));
  } finally {
    if (turn === rendering) view.setAttribute('aria-busy', 'false');
  }
}

async function start(): Promise<void> {
  agents = (await api.agents()).agents.map((agent) => agent.id);
  mount(agentSelect, agents.map((agent) => h('option', { value: agent }, agent)));
  window.addEventListener('hashchange', () => void render());
  await render();
}

void start();
