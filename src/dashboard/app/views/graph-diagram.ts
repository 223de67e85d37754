import type { GraphRelationView } from '../api-types.ts';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 640;
const HEIGHT = 340;
/** More neighbours than this crowd the circle; the table below lists every relation. */
const MAX_NEIGHBOURS = 14;

function svg<Tag extends keyof SVGElementTagNameMap>(tag: Tag, attributes: Record<string, string | number>, text?: string): SVGElementTagNameMap[Tag] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

const shorten = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/**
 * The entity in the middle, each neighbour on a circle around it, one labelled
 * arrow per relation (subject → object); closed relations are dashed and grey.
 * Neighbours link to their own neighbourhood.
 */
export function graphDiagram(entityId: number, relations: GraphRelationView[], linkOf: (name: string) => string): SVGSVGElement {
  const root = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'graph-diagram', role: 'img', 'aria-label': 'Neighbourhood diagram', 'data-testid': 'graph-diagram' });
  const defs = svg('defs', {});
  for (const [id, colour] of [['arrow-open', '#4f46e5'], ['arrow-closed', '#94a3b8']] as const) {
    const marker = svg('marker', { id, viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
    marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: colour }));
    defs.append(marker);
  }
  root.append(defs);

  const centre = { x: WIDTH / 2, y: HEIGHT / 2 };
  const others = new Map<number, { name: string; x: number; y: number }>();
  for (const relation of relations) {
    for (const end of [relation.subject, relation.object]) if (end.id !== entityId && !others.has(end.id) && others.size < MAX_NEIGHBOURS) others.set(end.id, { name: end.name, x: 0, y: 0 });
  }
  [...others.values()].forEach((node, index, all) => {
    const angle = (2 * Math.PI * index) / all.length - Math.PI / 2;
    node.x = centre.x + Math.cos(angle) * (WIDTH / 2 - 90);
    node.y = centre.y + Math.sin(angle) * (HEIGHT / 2 - 36);
  });
  const place = (id: number) => (id === entityId ? centre : others.get(id));

  const edges = svg('g', {});
  for (const relation of relations) {
    const from = place(relation.subject.id);
    const to = place(relation.object.id);
    if (!from || !to || from === to) continue;
    const closed = relation.closed;
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    // Stop short of the node's label so the arrowhead shows.
    const trim = (point: { x: number; y: number }, towards: { x: number; y: number }) => ({ x: point.x + ((towards.x - point.x) / length) * 30, y: point.y + ((towards.y - point.y) / length) * 18 });
    const start = trim(from, to);
    const end = trim(to, from);
    edges.append(
      svg('line', { x1: start.x, y1: start.y, x2: end.x, y2: end.y, class: closed ? 'edge closed' : 'edge', 'marker-end': `url(#${closed ? 'arrow-closed' : 'arrow-open'})` }),
      svg('text', { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 - 4, class: closed ? 'edge-label closed' : 'edge-label', 'text-anchor': 'middle' }, relation.predicate.replace(/_/g, ' ')),
    );
  }
  root.append(edges);

  const node = (x: number, y: number, name: string, main: boolean) => {
    const group = svg('g', { class: main ? 'node main' : 'node' });
    const label = shorten(name, 18);
    const width = Math.max(48, label.length * 7.2 + 20);
    group.append(svg('rect', { x: x - width / 2, y: y - 14, width, height: 28, rx: 14 }), svg('text', { x, y: y + 4.5, 'text-anchor': 'middle' }, label));
    if (main) return group;
    const link = svg('a', { href: linkOf(name) });
    link.append(group);
    return link;
  };
  for (const other of others.values()) root.append(node(other.x, other.y, other.name, false));
  const self = relations.flatMap((relation) => [relation.subject, relation.object]).find((end) => end.id === entityId);
  root.append(node(centre.x, centre.y, self?.name ?? '', true));
  return root;
}
