import { describe, expect, it } from 'vitest';
import { createOfflineAnalyzer } from './offline-analyzer.ts';
import { salienceOf } from './salience-model.ts';

const analyze = (content: string, role = 'user') => createOfflineAnalyzer().analyze([{ id: 'm1', role, content, timestamp: 0 }]);

describe('offline live analyzer', () => {
  it.each([
    ['Please remember that my passport expires in March.', 0.9],
    ["Honestly I'm scared about the surgery, I haven't told anyone else.", 0.85],
    ['I prefer short answers without emojis.', 0.8],
    ['My name is Priya.', 0.8],
    ['We decided to use Postgres for the billing service.', 0.75],
  ])('gives "%s" at least the initial importance %f, its salience when that is higher', async (content, level) => {
    const [candidate] = await analyze(content);
    expect(candidate?.importance).toBe(Math.max(level, Math.round(salienceOf(content) * 1000) / 1000));
  });

  it('caps a message that opens as an aside, but weighs by salience the news brought after a reply', async () => {
    const [opening] = await analyze('By the way, I went to the market yesterday.');
    expect(opening?.importance).toBe(0.3);
    const news = 'Congrats on the race! By the way, I finally adopted a puppy named Oscar last week.';
    const candidates = await analyze(news);
    expect(candidates.length).toBeGreaterThan(0);
    expect(Math.max(...candidates.map((candidate) => candidate.importance))).toBe(Math.round(salienceOf(news) * 1000) / 1000);
    expect(salienceOf(news)).toBeGreaterThan(0.5);
  });

  it('floors a taste of the speaker at the preference level, but not praise of what the other person has or does', async () => {
    const [taste] = await analyze('I love hiking in the mountains.');
    expect(taste?.importance).toBeGreaterThanOrEqual(0.8);
    const praise = await analyze('I love your turtles so much!');
    expect(Math.max(0, ...praise.map((candidate) => candidate.importance))).toBeLessThan(0.8);
    // A liking of what is in front of the speaker (what the other just showed) is a reaction too.
    for (const reaction of ['Wow, that looks amazing! I love the color and texture.', 'Awww! It is so cute! I love it!']) {
      const kept = await analyze(reaction);
      expect(Math.max(0, ...kept.map((candidate) => candidate.importance))).toBeLessThan(0.8);
    }
  });

  it('keeps the explicit level for a request to keep something, not for advice or resolve that mentions remembering', async () => {
    for (const said of ['You got this! Stay motivated and remember that anything is possible with hard work.', "Wow, that's sweet of you! I'll make sure to remember this when I need the encouragement the most."]) {
      const kept = await analyze(said);
      expect(Math.max(0, ...kept.map((candidate) => candidate.importance))).toBeLessThan(0.9);
      expect(Math.max(0, ...kept.map((candidate) => candidate.importance))).toBeLessThanOrEqual(Math.round(salienceOf(said) * 1000) / 1000);
    }
  });

  it('keeps what the speaker says of themselves with the "I" left out, as chat does, but not an imperative', async () => {
    const said = 'Been tweaking a dessert recipe to make it yummier.';
    const [kept] = await analyze(said);
    expect(kept?.content).toMatch(/dessert recipe/);
    expect(kept?.importance).toBe(Math.round(salienceOf(said) * 1000) / 1000);
    expect(await analyze('Make sure you watch other videos first.')).toEqual([]);
  });

  it('weighs what has no level of its own by its salience, project work at least at the project level', async () => {
    const [fact] = await analyze('The staging database runs on version 15.');
    expect(fact?.importance).toBe(Math.round(salienceOf('The staging database runs on version 15.') * 1000) / 1000);
    const [project] = await analyze('The release of the billing project is due on Friday.');
    expect(project?.importance).toBeGreaterThanOrEqual(0.6);
  });

  it('ranks a life event with a date above a reply about the other person, and keeps no greeting', async () => {
    const analyzer = createOfflineAnalyzer();
    const turns = [
      { id: 'greeting', role: 'user', content: 'Hey Mel! Good to see you! How have you been?' },
      { id: 'their-news', role: 'assistant', content: 'Great! We finally went camping with the kids last weekend.' },
      { id: 'reply', role: 'user', content: "Wow, that's awesome, Mel! You're such a great mom, your kids are lucky." },
      { id: 'question', role: 'assistant', content: 'Thanks! What about you, anything new?' },
      { id: 'event', role: 'user', content: 'I adopted a puppy named Oscar last week! My partner and I drove to a shelter in Portland.' },
    ].map((turn, index) => ({ ...turn, timestamp: index * 60_000 }));
    const candidates = await analyzer.analyze(turns);
    const best = (id: string) => Math.max(0, ...candidates.filter((candidate) => candidate.messageId === id).map((candidate) => candidate.importance));
    expect(best('greeting')).toBe(0);
    expect(best('event')).toBeGreaterThanOrEqual(0.7);
    expect(best('event')).toBeGreaterThan(best('reply') + 0.3);
  });

  it.each([
    ['I prefer tea over coffee.', 'user'],
    ['I want you to always answer in English.', 'self'],
    ['Thank you, you really helped me today.', 'relationship'],
    ['My sister Anika lives in Pune.', 'world'],
    ['We decided to migrate the warehouse to Postgres.', 'world'],
  ])('puts "%s" in the %s domain', async (content, domain) => {
    const candidates = await analyze(content);
    expect(candidates.map((candidate) => candidate.domain)).toEqual([domain]);
  });

  it.each(['good morning! how was your night?', 'lol ok', 'thanks!', 'Can you fix the failing test in the loader?', 'Run the checklist against the staging database please'])(
    'skips small talk and routine task chatter: "%s"',
    async (content) => {
      expect(await analyze(content)).toEqual([]);
    },
  );

  it('keeps only what the agent says about itself from its own messages', async () => {
    expect((await analyze('Sure! My name is Juno. I fixed the failing test.', 'assistant')).map((candidate) => [candidate.domain, candidate.content])).toEqual([['self', "The agent's name is Juno"]]);
  });

  it('drops a repeat within one message but keeps a repeat in a later message', async () => {
    const analyzer = createOfflineAnalyzer();
    const same = await analyzer.analyze([{ id: 'a', role: 'user', content: 'I prefer tea. I prefer tea!', timestamp: 0 }]);
    expect(same).toHaveLength(1);
    const later = await analyzer.analyze([
      { id: 'a', role: 'user', content: 'I prefer tea.', timestamp: 0 },
      { id: 'b', role: 'user', content: 'As I said, I prefer tea.', timestamp: 1 },
    ]);
    expect(later.map((candidate) => candidate.messageId)).toEqual(['a', 'b']);
  });
});
