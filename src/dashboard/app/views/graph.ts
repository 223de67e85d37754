import { api } from '../api.ts';
import type { GraphNeighborhoodAnswer, GraphRelationView } from '../api-types.ts';
import { badge, h, meter, mount } from '../dom.ts';
import { href, navigate } from '../router.ts';
import { graphDiagram } from './graph-diagram.ts';

const day = (epochMs: number | null) => (epochMs === null ? '—' : new Date(epochMs).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }));

function relationRow(agent: string, relation: GraphRelationView, entityId: number, memoryNumbers: Map<string, number>): HTMLElement {
  const end = (entity: GraphRelationView['subject']) => (entity.id === entityId ? h('strong', {}, entity.name) : h('a', { href: href(agent, 'graph', entity.name) }, entity.name));
  return h(
    'tr',
    { class: relation.closed ? 'relation closed' : 'relation', 'data-relation': relation.id },
    h('td', {}, end(relation.subject), h('span', { class: 'predicate' }, ` —${relation.predicate.replace(/_/g, ' ')}→ `), end(relation.object)),
    h('td', { class: 'numeric' }, meter(relation.confidence, { label: 'confidence' }), h('span', { class: 'number' }, relation.confidence.toFixed(2))),
    h('td', { class: 'nowrap' }, day(relation.validFrom)),
    h('td', { class: 'nowrap' }, relation.validTo === null ? h('span', { class: 'muted' }, 'now') : day(relation.validTo)),
    h('td', {}, relation.closed ? badge('closed', 'tier-archival') : badge('holds', 'decision')),
    h('td', { class: 'nowrap' }, relation.memoryIds.map((id) => (memoryNumbers.has(id) ? h('a', { href: href(agent, 'memory', id), class: 'memory-ref', title: id }, `#${memoryNumbers.get(id)}`) : h('span', { class: 'muted', title: `${id} (forgotten)` }, '×')))),
  );
}

function neighbourhood(agent: string, answer: GraphNeighborhoodAnswer): HTMLElement {
  const { entity, relations, memories } = answer;
  const memoryNumbers = new Map(memories.map((memory, index) => [memory.id, index + 1]));
  const open = relations.filter((relation) => !relation.closed).length;
  return h(
    'section',
    { class: 'card panel graph-detail', 'data-testid': 'graph-neighbourhood' },
    h('header', { class: 'panel-header' }, h('h2', {}, entity.name, ' ', badge(entity.type, 'tool-use')), h('span', { class: 'muted' }, `${relations.length} relations · ${open} holding · ${relations.length - open} closed`)),
    entity.aliases.length > 0 ? h('p', { class: 'muted small' }, `Also known as ${entity.aliases.join(', ')}`) : null,
    relations.length === 0 ? h('p', { class: 'empty' }, 'No relations: this entity is only mentioned.') : graphDiagram(entity.id, relations, (name) => href(agent, 'graph', name)),
    relations.length === 0
      ? null
      : h(
          'table',
          { class: 'table', 'data-testid': 'graph-relations' },
          h('thead', {}, h('tr', {}, h('th', {}, 'Relation'), h('th', {}, 'Confidence'), h('th', {}, 'Valid from'), h('th', {}, 'Valid to'), h('th', {}, 'Status'), h('th', {}, 'From'))),
          h('tbody', {}, relations.map((relation) => relationRow(agent, relation, entity.id, memoryNumbers))),
        ),
    memories.length === 0
      ? null
      : h(
          'div',
          {},
          h('h3', {}, 'Read from'),
          h('ol', { class: 'source-memories', 'data-testid': 'graph-memories' }, memories.map((memory) => h('li', {}, h('span', { class: 'muted' }, `#${memoryNumbers.get(memory.id)} `), h('a', { href: href(agent, 'memory', memory.id) }, memory.content), ' ', h('span', { class: 'muted small' }, day(memory.timestamp))))),
        ),
  );
}

/** The knowledge graph: entities (most-mentioned first, searchable) and the neighbourhood of the one picked. */
export async function renderGraph(root: HTMLElement, agent: string, entityName: string | null, params: URLSearchParams): Promise<void> {
  const query = params.get('query') ?? '';
  const [{ entities }, answer] = await Promise.all([api.graphEntities(agent, query), entityName ? api.graphNeighbors(agent, entityName) : Promise.resolve(null)]);
  const search = h('input', { class: 'input grow', name: 'query', type: 'search', placeholder: 'Find an entity…', 'aria-label': 'entity', value: query });
  const form = h('form', { class: 'row' }, search, h('button', { class: 'button', type: 'submit' }, 'Find'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    navigate(href(agent, 'graph', entityName ?? undefined, { query: search.value.trim() }));
  });
  const keep = query ? { query } : undefined;
  const list = h(
    'ul',
    { class: 'entity-list', 'data-testid': 'graph-entities' },
    entities.map((entity) =>
      h('li', { class: entity.name === answer?.entity.name ? 'active' : '' }, h('a', { href: href(agent, 'graph', entity.name, keep) }, entity.name), badge(entity.type, 'tool-use'), h('span', { class: 'number' }, `${entity.mentions}×`)),
    ),
  );
  mount(
    root,
    h('header', { class: 'page-header' }, h('div', {}, h('h1', {}, 'Graph'), h('p', { class: 'muted' }, 'Entities the memories mention and the relations read from them; a closed relation held only until its “valid to”.'))),
    h(
      'div',
      { class: 'graph-grid' },
      h('aside', { class: 'card panel' }, form, entities.length > 0 ? list : h('p', { class: 'empty' }, query ? 'No entity matches.' : 'No entities yet: link memories with `hippocampus graph` or consolidate.')),
      answer ? neighbourhood(agent, answer) : h('section', { class: 'card empty' }, 'Pick an entity to see its neighbourhood.'),
    ),
  );
}
