import { api } from '../api.ts';
import { Chart, TIER_COLOURS, TYPE_COLOURS, track } from '../charts.ts';
import { h, mount, relativeTime } from '../dom.ts';
import { href } from '../router.ts';

function card(label: string, value: string, note?: string): HTMLElement {
  return h('div', { class: 'card stat' }, h('div', { class: 'stat-label' }, label), h('div', { class: 'stat-value' }, value), note ? h('div', { class: 'stat-note' }, note) : null);
}

function panel(title: string, body: HTMLElement, extra?: HTMLElement): HTMLElement {
  return h('section', { class: 'card panel' }, h('header', { class: 'panel-header' }, h('h3', {}, title), extra ?? null), body);
}

/** Counts, memories by type and tier, and consolidation runs over time. */
export async function renderOverview(root: HTMLElement, agent: string): Promise<void> {
  const [{ stats, vectors }, { runs }, nightly] = await Promise.all([api.stats(agent), api.consolidations(agent), api.nightly()]);
  const longTerm = stats.total - stats.shortTerm;
  const typeCanvas = h('canvas', { 'aria-label': 'Memories by type' });
  const tierCanvas = h('canvas', { 'aria-label': 'Long-term memories by tier' });
  const runsCanvas = h('canvas', { 'aria-label': 'Consolidation runs over time' });
  mount(
    root,
    h('header', { class: 'page-header' }, h('div', {}, h('h1', {}, agent), h('p', { class: 'muted' }, 'Overview of this agent’s memory')), h('a', { class: 'button primary', href: href(agent, 'search') }, 'Search memories')),
    h(
      'div',
      { class: 'stats-grid' },
      card('Memories', stats.total.toLocaleString(), `${longTerm.toLocaleString()} long-term · ${stats.shortTerm.toLocaleString()} short-term`),
      card('Core tier', stats.byTier.core.toLocaleString(), 'always in context'),
      card('Superseded', stats.superseded.toLocaleString(), 'replaced by newer facts'),
      card('Vectors', `${vectors.withVectors.toLocaleString()} / ${vectors.total.toLocaleString()}`, vectors.modelId ?? 'keyword-only'),
      card(
        'Working → semantic',
        nightly.nextRunAt === null ? 'off' : `next ${relativeTime(nightly.nextRunAt)}`,
        nightly.lastPass ? `last pass ${relativeTime(nightly.lastPass.startedAt)}: ${nightly.lastPass.conversations} conversations, ${nightly.lastPass.facts} facts` : 'no pass yet',
      ),
      card('On disk', `${(stats.sizeBytes / 1024 / 1024).toFixed(1)} MiB`, stats.lastConsolidation ? `consolidated ${relativeTime(stats.lastConsolidation.startedAt)}` : 'never consolidated'),
    ),
    h(
      'div',
      { class: 'charts-grid' },
      panel('By type', h('div', { class: 'chart-box' }, typeCanvas)),
      panel('By tier (long-term)', h('div', { class: 'chart-box' }, tierCanvas)),
      panel('Consolidation runs', h('div', { class: 'chart-box wide' }, runsCanvas), h('span', { class: 'muted' }, `${runs.length} run${runs.length === 1 ? '' : 's'}`)),
    ),
  );
  const types = Object.entries(stats.byType).filter(([, count]) => (count ?? 0) > 0);
  track(
    new Chart(typeCanvas, {
      type: 'doughnut',
      data: { labels: types.map(([type]) => type), datasets: [{ data: types.map(([, count]) => count ?? 0), backgroundColor: types.map(([type]) => TYPE_COLOURS[type] ?? '#94a3b8'), borderWidth: 2 }] },
      options: { maintainAspectRatio: false, cutout: '62%', plugins: { legend: { position: 'right', labels: { boxWidth: 12 } } } },
    }),
  );
  const tiers = ['core', 'active', 'background', 'archival'] as const;
  track(
    new Chart(tierCanvas, {
      type: 'bar',
      data: { labels: [...tiers], datasets: [{ data: tiers.map((tier) => stats.byTier[tier]), backgroundColor: tiers.map((tier) => TIER_COLOURS[tier]!), borderRadius: 6 }] },
      options: { maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { grid: { display: false } } } },
    }),
  );
  const ordered = [...runs].reverse();
  track(
    new Chart(runsCanvas, {
      type: 'bar',
      data: {
        labels: ordered.map((run) => new Date(run.startedAt).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })),
        datasets: [
          { label: 'kept', data: ordered.map((run) => run.kept), backgroundColor: '#10b981', borderRadius: 4, stack: 'runs' },
          { label: 'pruned', data: ordered.map((run) => run.pruned), backgroundColor: '#f87171', borderRadius: 4, stack: 'runs' },
        ],
      },
      options: { maintainAspectRatio: false, plugins: { legend: { position: 'top', align: 'end', labels: { boxWidth: 12 } } }, scales: { y: { beginAtZero: true, stacked: true, ticks: { precision: 0 } }, x: { stacked: true, grid: { display: false } } } },
    }),
  );
}
