import { describe, expect, it } from 'vitest';
import { createOfflineAnalyzer } from './offline-analyzer.ts';

const analyze = (content: string, role = 'user') => createOfflineAnalyzer().analyze([{ id: 'm1', role, content, timestamp: 0 }]);

describe('offline live analyzer', () => {
  it.each([
    ['Please remember that my passport expires in March.', 0.9],
    ["Honestly I'm scared about the surgery, I haven't told anyone else.", 0.85],
    ['I prefer short answers without emojis.', 0.8],
    ['My name is Priya.', 0.8],
    ['We decided to use Postgres for the billing service.', 0.75],
    ['The release of the billing project is due on Friday.', 0.6],
    ['The staging database runs on version 15.', 0.5],
    ['By the way, I went to the market yesterday.', 0.3],
  ])('gives "%s" the initial importance %f', async (content, importance) => {
    const [candidate] = await analyze(content);
    expect(candidate?.importance).toBe(importance);
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
