import { describe, expect, it } from 'vitest';
import { useLiteAgentPerTest } from '../testing/use-lite-agent.ts';
import { forgetByDescription } from './forget-by-description.ts';

// Similarities decide here, so the test runs with the model the rules were measured on (USE-lite, offline).
const agent = useLiteAgentPerTest();
const remember = (contents: string[]) => agent.remember(contents);
const forget = (description: string, options?: Parameters<typeof forgetByDescription>[2]) => forgetByDescription(agent.memory(), description, options);

const contentsOf = (matches: { content: string }[]) => matches.map((match) => match.content).sort();

describe('several memories a description fits', () => {
  it('does not take two close memories for the same thing when each says something the other does not', async () => {
    await remember(['My daughter Zoe wants to become a vet', 'My daughter Zoe is learning to swim']);
    const report = await forget('what Zoe wants to be');
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toEqual(['My daughter Zoe is learning to swim', 'My daughter Zoe wants to become a vet']);
  });

  it('takes the one about the user when the description speaks of the user', async () => {
    await remember(['I cheated on my final exam in college', 'My final exam was in the big hall']);
    expect(contentsOf((await forget('what I did on my final exam', { dryRun: true })).deleted)).toEqual(['I cheated on my final exam in college']);
    await remember(['My husband and I are getting divorced', 'My friends got divorced last year']);
    const report = await forget('my divorce');
    expect(contentsOf(report.deleted)).toEqual(['My husband and I are getting divorced']);
    expect(report.deleted[0]!.why).toMatch(/about the user's own life/);
  });

  it("takes the one opening on the user's own thing beside memories that speak of nobody of the user's", async () => {
    await remember(['Our cellar flooded in the January storm and the insurers refused to pay', 'The wine cellar at the restaurant floods every winter', 'The museum cellar flooded last year']);
    expect(contentsOf((await forget('our flooded cellar', { dryRun: true })).deleted)).toEqual(['Our cellar flooded in the January storm and the insurers refused to pay']);
    // Beside a memory of the user's life holding the words too, it is one of two.
    await remember(['My neighbour says my cellar flooded because of the drains']);
    expect((await forget('our flooded cellar', { dryRun: true })).deleted).toEqual([]);
  });

  it("takes the one opening on the user's own thing beside one opening on another person of the user's", async () => {
    await remember(['My cholesterol medication is atorvastatin', 'My mother has high cholesterol', 'The cholesterol guidelines changed this year', 'I walk the dog every evening']);
    expect(contentsOf((await forget('what I take for my cholesterol', { dryRun: true })).deleted)).toEqual(['My cholesterol medication is atorvastatin']);
    expect(contentsOf((await forget("my mother's cholesterol", { dryRun: true })).deleted)).toEqual(['My mother has high cholesterol']);
  });

  it("deletes the user's own thing, named, and not a statement that only mentions one", async () => {
    for (const [mine, mention, description] of [
      ['My door code is 1234', 'I do not have a door code at work', 'my door code'],
      ['My PIN is 4421', 'I forgot my PIN at the bank once', 'my PIN'],
      ['My wife is named Jana', 'I am not sure my wife likes sushi', 'my wife'],
      ['My password is tulip88', 'I have a password manager at work', 'my password'],
    ] as const) {
      await remember([mine, mention]);
      const report = await forget(description, { dryRun: true });
      // Never the mention: either the thing itself, or nothing and both offered to confirm.
      expect(contentsOf(report.deleted), description).not.toContain(mention);
      expect(contentsOf(report.deleted).length > 0 ? contentsOf(report.deleted) : contentsOf(report.candidates), description).toContain(mine);
    }
  });

  it('deletes a sentence and the fact taken from it together, and asks when the fact is not known to come from it', async () => {
    const [sentence] = await agent.memory().rememberMany([{ type: 'observation', content: 'I like Redux for state management in React apps' }], { longTerm: true });
    await agent.memory().rememberMany([{ type: 'observation', kind: 'fact', content: 'User likes Redux' }], { longTerm: true });
    // Two memories about the user's own liking of Redux, not linked: which one (or both) is the user's call.
    const unsure = await forget('that I like Redux', { dryRun: true });
    expect(unsure.deleted).toEqual([]);
    expect(contentsOf(unsure.candidates)).toEqual(['I like Redux for state management in React apps', 'User likes Redux']);
    // The fact remember_facts takes from the sentence records where it came from, and goes with it.
    await agent.memory().rememberMany([{ type: 'observation', kind: 'fact', content: 'User prefers Redux', context: { sourceHash: sentence!.memory.contentHash } }], { longTerm: true });
    await agent.memory().forget([unsure.candidates.find((candidate) => candidate.content === 'User likes Redux')!.id]);
    const report = await forget('that I like Redux');
    expect(contentsOf(report.deleted)).toEqual(['I like Redux for state management in React apps', 'User prefers Redux']);
  });

  it("does not take the user's own life and someone else's for the same thing, however many words they share", async () => {
    await remember(['I have a peanut allergy and carry an EpiPen', 'My daughter Amira has a peanut allergy and carries an EpiPen']);
    const report = await forget('the EpiPen', { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toEqual(['I have a peanut allergy and carry an EpiPen', 'My daughter Amira has a peanut allergy and carries an EpiPen']);
  });

  it('does not let a name decide when the description says which of the kind the memory holds ("new job")', async () => {
    await remember(['My husband Kenji lost his job at the shipyard']);
    expect((await forget("Kenji's new job", { dryRun: true })).deleted).toEqual([]);
    await remember(['Kenji from the climbing gym is moving to Osaka']);
    expect((await forget("Kenji's new job", { dryRun: true })).deleted).toEqual([]);
    // The tagger reads "new" here as an adverb; it still says which flat.
    await remember(['My landlady Greta is selling the flat we rent', 'Greta Thunberg spoke at the summit']);
    expect((await forget("Greta's new flat", { dryRun: true })).deleted).toEqual([]);
    // The words it holds, the name among them, still decide.
    expect(contentsOf((await forget("Kenji's job at the shipyard", { dryRun: true })).deleted)).toEqual(['My husband Kenji lost his job at the shipyard']);
  });

  it('reads a name typed in lower case as the name the memories write, but not an acronym or a word also written small', async () => {
    await remember(['I have a peanut allergy and carry an EpiPen', 'I went to the emergency room with chest pains last Friday']);
    expect(contentsOf((await forget('the epipen', { dryRun: true })).deleted)).toEqual(['I have a peanut allergy and carry an EpiPen']);
    // "IVF" is an acronym, with fertility as its synonym: the appointment at the fertility clinic is not ruled out.
    await remember(['My wife Hana is undergoing IVF treatment', 'My appointment with the fertility clinic is on 4 March']);
    expect(contentsOf((await forget('my ivf appointment', { dryRun: true })).deleted)).not.toEqual(['My wife Hana is undergoing IVF treatment']);
  });

  it('lets a name decide only when the memory naming it holds more than the name', async () => {
    await remember(['My brother Emil works as a pilot', 'My brother Emil is getting married in Vienna next spring']);
    expect((await forget("Emil's new job", { dryRun: true })).deleted).toEqual([]);
    expect(contentsOf((await forget('Emil getting married', { dryRun: true })).deleted)).toEqual(['My brother Emil is getting married in Vienna next spring']);
  });

  it("asks when another memory of the user's life speaks of the thing whose subject one of them is", async () => {
    await remember(['My ex Daniel moved to Berlin', 'I still miss my ex, Sofia', 'My ex-boss sent me a wedding invitation']);
    for (const description of ['my ex', 'the stuff about my ex']) {
      const report = await forget(description, { dryRun: true });
      expect(report.deleted, description).toEqual([]);
      expect(contentsOf(report.candidates), description).toEqual(expect.arrayContaining(['I still miss my ex, Sofia', 'My ex Daniel moved to Berlin']));
    }
    await remember(['My blood sugar was 6.1 this morning', 'The nurse said I have high blood sugar']);
    expect((await forget('my blood sugar', { dryRun: true })).deleted).toEqual([]);
  });

  it('lets a kind word choose a memory holding the words through a synonym, not one among several holding them all in their own words', async () => {
    await remember(['My eye test results came back fine', 'My eye test showed I need glasses', 'The eye clinic moved to Elm Street']);
    const report = await forget('the eye test results', { dryRun: true });
    expect(report.deleted).toEqual([]);
    expect(contentsOf(report.candidates)).toEqual(expect.arrayContaining(['My eye test results came back fine', 'My eye test showed I need glasses']));
    await remember(['My wife Hana is undergoing IVF treatment', 'My appointment with the fertility clinic is on 4 March']);
    expect(contentsOf((await forget('my IVF appointment', { dryRun: true })).deleted)).toEqual(['My appointment with the fertility clinic is on 4 March']);
  });
});

