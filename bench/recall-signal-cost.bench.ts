// What a recall signal costs: every LoCoMo question recalled with the signal's weight at 0 and
// at its default, alternating question by question in one process on the same agents (the
// kept LOCOMO_HOME of bench/locomo-cross-validation.bench.ts), p50 / p95 of each; and the
// ingest-side cost of resolving time expressions over every turn.
//
// npx tsx bench/recall-signal-cost.bench.ts [--data ../shared/data/locomo] [--signal time]
//   [--with '{"weights": {"hop": 0.2}}']   (recall options to time against the defaults instead of one signal)
import { DEFAULT_RECALL_WEIGHTS, type RecallWeights } from '../src/core/recall-scoring.ts';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { resolveTimeExpressions } from '../src/nlp/time-expressions.ts';
import { ingestLocomoOnce } from './lib/locomo-ingest.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const data = option('data', '../shared/data/locomo');
const signal = option('signal', 'time') as keyof RecallWeights;
const withOptions = option('with', '');
// Plain recall against either the given options or the signal at its default weight.
const settings = withOptions === '' ? [{ weights: { [signal]: 0 } }, { weights: { [signal]: DEFAULT_RECALL_WEIGHTS[signal] } }] : [{}, JSON.parse(withOptions) as Record<string, unknown>];
const label = withOptions === '' ? [`${signal} 0`, `${signal} ${DEFAULT_RECALL_WEIGHTS[signal]}`] : ['defaults', withOptions];
const home = process.env.LOCOMO_HOME ?? '/tmp/hippocampus-locomo-tuning';
const conversations = loadLocomoDirectory(data);
await ingestLocomoOnce(home, conversations);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const off: number[] = [];
const on: number[] = [];
for (const conversation of conversations) {
  const memory = await createHippocampus({ home, agentId: `locomo-${conversation.name}` });
  for (const question of conversation.questions) await memory.recallRelevant(question.question, { limit: 20, recordAccess: false }); // warm
  for (const [index, question] of conversation.questions.entries()) {
    const order = index % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const started = performance.now();
      await memory.recallRelevant(question.question, { limit: 20, recordAccess: false, ...settings[which] });
      (which === 0 ? off : on).push(performance.now() - started);
    }
  }
  await memory.stop();
}
console.log(`${label[0]}: recall p50 ${percentile(off, 0.5).toFixed(2)} ms, p95 ${percentile(off, 0.95).toFixed(2)} ms (${off.length} recalls)`);
console.log(`${label[1]}: recall p50 ${percentile(on, 0.5).toFixed(2)} ms, p95 ${percentile(on, 0.95).toFixed(2)} ms`);

if (withOptions !== '') process.exit(0);
const texts = conversations.flatMap((conversation) => conversation.turns.map((turn) => turn.content));
const started = performance.now();
for (let round = 0; round < 5; round++) for (const text of texts) resolveTimeExpressions(text, Date.UTC(2023, 4, 8));
console.log(`resolving time expressions at ingest: ${((performance.now() - started) / (5 * texts.length) * 1000).toFixed(1)} µs a turn (${texts.length} turns)`);
