import { UndirectedGraph } from 'graphology';
import pagerankModule from 'graphology-metrics/centrality/pagerank.js';
import { describe, expect, it } from 'vitest';
import { personalizedPageRank } from './personalized-pagerank.ts';

// The typings declare an ES default export, the file is CommonJS (module.exports = pagerank):
// under NodeNext the type is the wrapper, at run time it is the function. Take whichever arrives.
const pagerank = ((pagerankModule as unknown as { default?: unknown }).default ?? pagerankModule) as typeof pagerankModule.default;

function graphOf(edges: [string, string, number?][], isolated: string[] = []): UndirectedGraph {
  const graph = new UndirectedGraph();
  for (const node of isolated) graph.addNode(node);
  for (const [source, target, weight] of edges) graph.mergeEdge(source, target, { weight: weight ?? 1 });
  return graph;
}

describe('personalizedPageRank', () => {
  it('matches the closed-form answer on a path a–b–c seeded at a (7/12, 1/3, 1/12 at damping 0.5)', () => {
    const scores = personalizedPageRank(graphOf([['a', 'b'], ['b', 'c']]), new Map([['a', 1]]), { damping: 0.5 });
    expect(scores.get('a')).toBeCloseTo(7 / 12, 8);
    expect(scores.get('b')).toBeCloseTo(1 / 3, 8);
    expect(scores.get('c')).toBeCloseTo(1 / 12, 8);
  });

  it('equals graphology-metrics pagerank when every node is an equal seed', () => {
    const graph = graphOf([['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'd'], ['d', 'e', 2]]);
    const uniform = new Map(graph.nodes().map((node) => [node, 1]));
    const ours = personalizedPageRank(graph, uniform, { damping: 0.85 });
    const theirs = pagerank(graph, { alpha: 0.85, getEdgeWeight: 'weight', tolerance: 1e-12, maxIterations: 500 });
    for (const node of graph.nodes()) expect(ours.get(node)).toBeCloseTo(theirs[node]!, 6);
  });

  it('ranks the memory that links both query entities above memories that touch one (a hand-made entity–memory graph)', () => {
    // Query entities: Ana, Porto. m-both mentions both; m-ana and m-porto one each; m-other neither.
    const graph = graphOf([
      ['e:ana', 'm:both'],
      ['e:porto', 'm:both'],
      ['e:ana', 'm:ana'],
      ['e:porto', 'm:porto'],
      ['m:porto', 'e:wine'],
      ['e:wine', 'm:other'],
    ]);
    const scores = personalizedPageRank(graph, new Map([['e:ana', 1], ['e:porto', 1]]));
    const memories = ['m:both', 'm:ana', 'm:porto', 'm:other'].sort((left, right) => scores.get(right)! - scores.get(left)!);
    expect(memories[0]).toBe('m:both');
    expect(memories.at(-1)).toBe('m:other');
    expect(scores.get('m:other')).toBeGreaterThan(0);
  });

  it('sends walkers stuck on an isolated seed back to the seeds, so scores still sum to 1', () => {
    const scores = personalizedPageRank(graphOf([['a', 'b']], ['lonely']), new Map([['lonely', 1], ['a', 1]]));
    const total = [...scores.values()].reduce((sum, value) => sum + value, 0);
    expect(total).toBeCloseTo(1, 9);
    expect(scores.get('lonely')).toBeGreaterThan(scores.get('b')!);
  });

  it('follows heavier edges more', () => {
    const scores = personalizedPageRank(graphOf([['s', 'heavy', 3], ['s', 'light', 1]]), new Map([['s', 1]]));
    expect(scores.get('heavy')! / scores.get('light')!).toBeCloseTo(3, 6);
  });

  it('returns nothing when no seed is in the graph', () => {
    expect(personalizedPageRank(graphOf([['a', 'b']]), new Map([['zed', 1]])).size).toBe(0);
  });
});
