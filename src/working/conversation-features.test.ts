import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { describeConversation, describeQuery, detectUserIntent, parseTranscript, WORKING_MEMORY_LIMITS } from './conversation-features.ts';

const embedder = createHashEmbedder({ dimensions: 128 });

const offsite = [
  {
    role: 'user',
    content:
      "Hi! I'm organising our team offsite. Can you help me plan three days in Lisbon for eight people in May? Our designer wants somewhere near Alfama.",
  },
  {
    role: 'assistant',
    content:
      'Happy to help. For eight people in May, Lisbon is mild and busy, so book early. Around Alfama, the Memmo Alfama hotel has a terrace that fits a group. Day one could be a walking tour of Alfama and dinner at a fado house; day two a workshop at a rented loft; day three a trip to Sintra.',
  },
  {
    role: 'user',
    content: 'Our finance lead, Marco Rossi at Acme Corp, capped the budget at 12,000 euros. Does that cover the Sintra trip?',
  },
  {
    role: 'assistant',
    content: "Yes. The hotel runs about 6,000 euros for three nights and a private van to Sintra about 400, which leaves room for meals within Marco's cap.",
  },
];

describe('describeConversation', () => {
  it('reads entities, topics, keywords and the request out of a realistic conversation', async () => {
    const conversation = await describeConversation({ conversationId: 'offsite', timestamp: 1_700_000_000_000, turns: offsite }, embedder);

    expect(conversation.conversationId).toBe('offsite');
    expect(conversation.timestamp).toBe(1_700_000_000_000);
    expect(conversation.fullText.split('\n')[0]).toBe(`user: ${offsite[0]!.content}`);
    expect(conversation.embedding).toHaveLength(128);
    expect(conversation.keyEntities).toEqual(expect.arrayContaining(['Lisbon', 'Sintra', 'Marco Rossi', 'Acme Corp']));
    // Speaker labels are not things the conversation is about.
    expect(conversation.keyEntities.map((name) => name.toLowerCase())).not.toContain('user');
    // Most-mentioned first: Alfama (4) and Sintra (3) outrank the one-off Acme Corp.
    expect(conversation.keyEntities.indexOf('Sintra')).toBeLessThan(conversation.keyEntities.indexOf('Acme Corp'));
    expect(conversation.topics.map((topic) => topic.toLowerCase())).toEqual(expect.arrayContaining(['lisbon', 'sintra']));
    expect(conversation.keywords).toEqual(expect.arrayContaining(['lisbon', 'hotel']));
    expect(conversation.userIntent).toBe('Can you help me plan three days in Lisbon for eight people in May?');
    expect(conversation.consolidatedAt).toBeNull();
  });

  it('embeds what was said, not the speaker labels', async () => {
    const described = await describeConversation({ conversationId: 'c', timestamp: 0, turns: offsite }, embedder);
    const { embeddings } = await embedder.doEmbed({ values: [offsite.map((turn) => turn.content).join('\n\n')] });
    expect(Array.from(described.embedding)).toEqual(Array.from(embeddings[0]!));
  });

  it('accepts a labelled transcript as full text and a Date timestamp', async () => {
    const fullText = 'User: Please book a table for four at Tasca do Chico on Friday.\nAssistant: Done, 8pm on Friday.';
    const described = await describeConversation({ conversationId: 'c', agentId: 'concierge', timestamp: new Date(5000), fullText }, embedder);
    expect(described.fullText).toBe(fullText);
    expect(described.agentId).toBe('concierge');
    expect(described.timestamp).toBe(5000);
    expect(described.userIntent).toBe('Please book a table for four at Tasca do Chico on Friday.');
  });

  it('refuses a transcript over WORKING_MEMORY_LIMITS.conversation bytes as CONTENT_TOO_LARGE, as text or as turns (1 MB took 25 s and 762 MB)', async () => {
    // Counted in UTF-8 bytes: 'é' is two.
    const over = `user: ${'é'.repeat(WORKING_MEMORY_LIMITS.conversation / 2)}`;
    await expect(describeConversation({ conversationId: 'long', timestamp: 0, fullText: over }, embedder)).rejects.toMatchObject({ code: 'CONTENT_TOO_LARGE', message: expect.stringContaining(`the limit is ${WORKING_MEMORY_LIMITS.conversation}`) });
    const turns = Array.from({ length: 2_000 }, (_, index) => ({ role: index % 2 === 0 ? 'user' : 'assistant', content: `${offsite[index % offsite.length]!.content} ${index}` }));
    await expect(describeConversation({ conversationId: 'long', timestamp: 0, turns }, embedder)).rejects.toMatchObject({ code: 'CONTENT_TOO_LARGE' });
    const within = await describeConversation({ conversationId: 'within', timestamp: 0, turns: turns.slice(0, 20) }, embedder);
    expect(within.keyEntities).toContain('Lisbon');
  });

  it('rejects a conversation without an id', async () => {
    await expect(describeConversation({ conversationId: '', timestamp: 0, fullText: 'x' }, embedder)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('detectUserIntent', () => {
  const intent = (content: string, role = 'user') => detectUserIntent([{ role: 'assistant', content: 'How can I help?' }, { role, content }]);

  it('takes the first question or request of the first user turn', () => {
    expect(intent('Hey there. My laptop overheats when I game. How do I clean the fan?')).toBe('How do I clean the fan?');
    expect(intent('Summarize the attached contract for me. Keep it short.')).toBe('Summarize the attached contract for me.');
    expect(intent('Hi! So, please review the migration plan before Friday.')).toBe('So, please review the migration plan before Friday.');
  });

  it('recognises requests phrased as needs', () => {
    expect(intent('I need a packing list for a week of hiking in Norway.')).toBe('I need a packing list for a week of hiking in Norway.');
  });

  it('is null when the first user turn asks for nothing', () => {
    expect(intent('My sister visited last weekend and we went hiking.')).toBeNull();
    expect(detectUserIntent([{ role: 'assistant', content: 'Can I help?' }])).toBeNull();
  });
});

describe('parseTranscript', () => {
  it('splits labelled lines into turns and folds continuation lines into the turn above', () => {
    expect(parseTranscript('user: first line\nsecond line\nassistant: answer')).toEqual([
      { role: 'user', content: 'first line\nsecond line' },
      { role: 'assistant', content: 'answer' },
    ]);
    expect(parseTranscript('no labels at all')).toEqual([{ role: 'user', content: 'no labels at all' }]);
  });
});

describe('describeQuery', () => {
  it('derives the missing features from the text and keeps the given ones', async () => {
    const query = await describeQuery({ text: 'What did Marco Rossi say about the Sintra budget?', topics: ['given'] }, embedder);
    expect(query.embedding).toHaveLength(128);
    expect(query.entities).toEqual(expect.arrayContaining(['Marco Rossi', 'Sintra']));
    expect(query.topics).toEqual(['given']);
    expect(query.keywords).toEqual(expect.arrayContaining(['sintra', 'budget']));
  });

  it('leaves the embedding out without an embedder', async () => {
    expect((await describeQuery({ text: 'Sintra budget' })).embedding).toBeUndefined();
  });
});
