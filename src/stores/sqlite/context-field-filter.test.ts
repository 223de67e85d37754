import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { parseFilter } from '../../core/filter-language.ts';
import type { Hippocampus } from '../../memory/hippocampus.ts';
import { eachTestEngine, type TempEngine } from '../../testing/temp-engine.ts';

// `context.<field>` in a filter names the memory's own domain, category, type and tags as well as its context.

let home: TempEngine['home'];
let memory: Hippocampus;
let ids: { ownDomain: string; otherDomain: string; contextDomain: string };
eachTestEngine(() => ({ agentId: 'ada' }), async (opened) => {
  ({ home, memory } = opened);
  const results = await memory.rememberMany(
    [
      { type: 'error', content: 'Null pointer in the billing worker', domain: 'debugging', category: 'incident', tags: ['billing'] },
      { type: 'decision', content: 'Ship billing on Fridays', domain: 'work' },
      { type: 'observation', content: 'The billing cache warms slowly', context: { domain: 'debugging' } },
    ],
    { longTerm: true },
  );
  const [ownDomain, otherDomain, contextDomain] = results.map((result) => result.memory.id);
  ids = { ownDomain: ownDomain!, otherDomain: otherDomain!, contextDomain: contextDomain! };
});

const matching = async (filter: unknown) => (await memory.store.query({ agentId: 'ada' }, { filter: parseFilter(filter) })).map((record) => record.id).sort();

describe('context.<field> filters', () => {
  it('{"context.domain": "debugging"} finds memories stored with that domain, and those whose context says it', async () => {
    expect(await matching({ 'context.domain': 'debugging' })).toEqual([ids.ownDomain, ids.contextDomain].sort());
    expect(await matching({ 'context.domain': { $in: ['work'] } })).toEqual([ids.otherDomain]);
    expect(await matching({ 'context.domain': { $ne: 'debugging' } })).toEqual([ids.otherDomain]);
  });

  it('context.type, context.category and context.tags name the memory fields too', async () => {
    expect(await matching({ 'context.type': 'decision' })).toEqual([ids.otherDomain]);
    expect(await matching({ 'context.category': 'incident' })).toEqual([ids.ownDomain]);
    expect(await matching({ 'context.tags': 'billing' })).toEqual([ids.ownDomain]);
  });

  it('the CLI help example works: hybrid search with --filter on context.domain', async () => {
    await memory.stop();
    let stdout = '';
    const code = await main(['node', 'hippocampus', '--home', home.home, '--agent', 'ada', 'data', 'vector-search', '--query', 'billing', '--filter', '{"context.domain":"debugging"}', '--json'], {
      stdout: (text) => (stdout += text),
      stderr: () => undefined,
    });
    expect(code).toBe(0);
    const found = (JSON.parse(stdout) as { memory?: { id: string }; id?: string }[]).map((entry) => entry.memory?.id ?? entry.id);
    expect(found.sort()).toEqual([ids.ownDomain, ids.contextDomain].sort());
  });
});
