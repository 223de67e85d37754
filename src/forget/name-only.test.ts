import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';
import { nounHeldElsewhere } from './name-only.ts';

// Memories of their own, not the precision probe's (bench/forget-precision-probe.ts).
describe('a noun the only memory naming the name lacks, held by another memory', () => {
  const fern = { text: "Ottilie's fern", terms: [['ottilie'], ['fern']], decisive: ['ottilie'] };
  const namer = { id: 'a', content: 'My aunt Ottilie grows orchids in her greenhouse' };
  it('reads the noun held as a thing by another memory, not an act of the same stem nor the memory itself', () => {
    expect(nounHeldElsewhere(namer, [namer, { id: 'b', content: 'My fern needs repotting' }], fern)).toBe(true);
    expect(nounHeldElsewhere(namer, [namer], fern)).toBe(false);
    const preference = { text: 'my vim preference', terms: [['vim'], ['preference']], decisive: ['vim'] };
    const vim = { id: 'a', content: 'I use Vim keybindings in every editor' };
    expect(nounHeldElsewhere(vim, [vim, { id: 'b', content: 'I prefer tabs over spaces' }], preference)).toBe(false);
    expect(nounHeldElsewhere(vim, [vim, { id: 'b', content: 'My preference is tabs over spaces' }], preference)).toBe(true);
  });
  it('reads only the opening of a long memory', () => {
    const long = { id: 'b', content: `${'The weather was mild all week. '.repeat(100)}My fern needs repotting` };
    expect(nounHeldElsewhere(namer, [namer, long], fern)).toBe(false);
  });
});

const agent = useLiteAgentPerTest();
const forget = (description: string) => forgetByDescription(agent.memory(), description, { dryRun: true });

describe('forgetting by a name when the thing named is in another memory', () => {
  it('offers the memory naming the name instead of deleting it, and deletes it for its own thing', async () => {
    await agent.remember(['My cousin Bertil plays the trumpet in a brass band', 'I bought a second-hand trombone', 'We painted the hallway blue']);
    const report = await forget("Bertil's trombone");
    expect(report.deleted).toEqual([]);
    expect(report.candidates.map((match) => match.content)).toContain('My cousin Bertil plays the trumpet in a brass band');
    expect((await forget("Bertil's trumpet")).deleted.map((match) => match.content)).toEqual(['My cousin Bertil plays the trumpet in a brass band']);
  });
  it('reads "preference" as the kind of memory a preference is, not a noun the memory must say', async () => {
    await agent.remember(['I like Redux for state management in React apps', 'We migrated the dashboard from Angular to React', 'State management in the mobile app uses MobX']);
    expect((await forget('my Redux preference')).deleted.map((match) => match.content)).toEqual(['I like Redux for state management in React apps']);
  });
});
