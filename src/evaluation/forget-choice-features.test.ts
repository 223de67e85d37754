import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { headNoun } from '../forget/description-words.ts';
import { CHOICE_FEATURES, forgetChoiceRows } from './forget-choice-features.ts';

// The features of the calibrated decision tried in round 7 (bench/forget-choice-fit.ts), read with the model they were fitted with.
const agent = useLiteAgentPerTest();

describe('the calibrated decision tried for forgetting by description', () => {
  it('reads the noun a description is about, names and the request aside', () => {
    expect(headNoun('the garage code at Birch Lane')).toBe('code');
    expect(headNoun("my dog's vaccinations")).toBe('vaccinations');
    expect(headNoun('forget that I get stage fright')).toBe('fright');
    expect(headNoun('that I like Redux')).toBeUndefined();
  });

  it('gives rows only where the rules are not sure, the closest first, one value per feature', async () => {
    await agent.remember(['I take 20 mg of propranolol before presentations for my stage fright', 'My presentation to the board is on Tuesday', 'I take vitamin D every winter']);
    // Every word held and a number named: the rules are sure, there is nothing to decide.
    expect(await forgetChoiceRows(agent.memory(), 'the 20 mg propranolol')).toBeNull();
    const rows = await forgetChoiceRows(agent.memory(), 'the pills for my nerves before talks');
    expect(rows).not.toBeNull();
    expect(rows!.length).toBeGreaterThan(0);
    for (const row of rows!) expect(row.features).toHaveLength(CHOICE_FEATURES.length);
    // Similarity comes first, and the rows are ordered by it.
    const similarities = rows!.map((row) => row.features[0]!);
    expect(similarities).toEqual([...similarities].sort((left, right) => right - left));
  });
});
