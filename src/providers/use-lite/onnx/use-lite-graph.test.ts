import { describe, expect, it } from 'vitest';
import { onnxRuntimeSkipReason } from '../../../testing/onnx-runtime-skip.ts';
import { cosineSimilarity as cosine } from '../../../working/similarity.ts';
import { tokenizable } from '../use-lite-embedder.ts';
import { loadUseLiteModel, runWasmModel } from '../use-lite-wasm-model.ts';
import { loadUseLiteOnnxModel } from './use-lite-onnx-model.ts';

/** Everyday memories, questions, and the awkward cases: empty, whitespace, unicode, the 128-token clip. */
const SENTENCES = [
  'I adopted a golden retriever named Biscuit last spring.',
  'How old is your dog?',
  'What did the doctor say about your knee?',
  'We moved the standup to 9:30 because of the time zone change.',
  "My sister's wedding is on the 14th of August in Porto.",
  'The quarterly revenue grew 12% while costs stayed flat.',
  'Remind me to call the landlord about the broken heater!',
  'She prefers green tea over coffee, especially in the morning.',
  'Deploy v2.3.1 to staging, then run the smoke tests.',
  'ok',
  'Yes.',
  '?',
  '',
  ' ',
  '   \t\n  ',
  'Café au lait, naïve façade, résumé — déjà vu.',
  'Straße, Ærøskøbing, Łódź, İstanbul',
  '東京で寿司を食べました。',
  'Привет, как дела?',
  'مرحبا بالعالم',
  'I love it 😀🎉👍🏽 so much',
  'ﬁnancial ﬂows in ＦＵＬＬＷＩＤＴＨ letters',
  'e\u0301 vs \u00e9 (combining accent vs precomposed)',
  'Line one\nLine two\r\nLine three',
  'https://example.com/path?query=1&b=two#frag',
  'ALL CAPS SENTENCE ABOUT A MEETING TOMORROW',
  '1234567890 3.14159 -42 1e10',
  'a b c d e f g h i j k l m n o p q r s t u v w x y z',
  "Caroline: I went to the LGBTQ support group yesterday and it was so powerful. [shares a photo: a group of people sitting in a circle]",
  'Melanie: Painting is my way of relaxing after a long week with the kids; last weekend I finished a sunset over the lake.',
  // Past the 128-token clip: both runtimes must drop the same tail.
  Array.from({ length: 90 }, (_, index) => `word${index}`).join(' '),
  'The meeting ran long. '.repeat(60),
  'x'.repeat(2000),
];

const skip = await onnxRuntimeSkipReason();

describe.skipIf(skip !== undefined)(`USE-lite on onnxruntime${skip === undefined ? '' : ` (skipped: ${skip})`}`, () => {
  it('gives the tfjs vectors (cosine ≥ 0.99999) for every kind of text, in one batch', async () => {
    const texts = SENTENCES.map(tokenizable);
    const onnx = await (await loadUseLiteOnnxModel({ threads: 1 })).embed(texts);
    const wasm = await runWasmModel(await loadUseLiteModel(), texts);
    const similarities = SENTENCES.map((text, index) => ({ text: text.slice(0, 40), cosine: cosine(onnx[index]!, wasm[index]!) }));
    expect(similarities.filter((entry) => !(entry.cosine >= 0.99999))).toEqual([]);
  }, 120_000);

  it('gives a text the same vector alone as beside a much longer one (padding reaches no real token)', async () => {
    const model = await loadUseLiteOnnxModel({ threads: 1 });
    const short = 'How old is your dog?';
    const [inBatch] = await model.embed([short, 'The meeting ran long. '.repeat(20)]);
    const [alone] = await model.embed([short]);
    expect(cosine(inBatch!, alone!)).toBeGreaterThanOrEqual(0.99999);
  }, 60_000);

  it('clips a text at 128 tokens, as the tfjs graph does', async () => {
    const model = await loadUseLiteOnnxModel({ threads: 1 });
    const long = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
    expect(model.tokenizer.encode(long).length).toBeGreaterThan(128);
    const tail = Array.from({ length: 20 }, (_, index) => `other${index}`).join(' ');
    // Changing only what lies past token 128 changes nothing.
    const [first, second] = await model.embed([long, `${long} ${tail}`]);
    expect(cosine(first!, second!)).toBeGreaterThanOrEqual(0.999999);
  }, 60_000);

});
