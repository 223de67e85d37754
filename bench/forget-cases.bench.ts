// Forgetting by description on the labelled set (src/forget/fixtures/forget-cases.ts): precision and
// recall of the immediate path with the default offline embedder, overall and per part of the set. The
// matching was first designed on scenarios 1–15 and the design set (16–38 held out); the recall work of
// issue #11 item 4 then read the misses of 1–38 in a first round (39–48, written before it, held out; their
// misses read after it), of 1–48 in a second (49–58, written before it, held out) and of 1–58 in a
// third (59–68, written before it, held out), and of 1–68 in a fourth (69–84, written before it,
// held out); 85–88 were written after the fourth and never tuned on; 89–101 were written before the fifth
// (held out from it, read since); 102–106 after the fifth; 107–116 before the sixth (held out from it, read
// since); 117–121 after the sixth (scored untouched, read since: "seen"); 122–131 after the sixth and
// before round 7, before any change of the matcher ("fresh 7", scored untouched first); 132–144 before
// round 8, before any change of the matcher ("fresh 8", scored untouched first, read since); 145–156 before round 9,
// before any change of the matcher ("fresh 9", scored untouched first, read since round 10); 157–168 before round 11, before any
// change of the matcher ("fresh 10", scored untouched first, held out from round 11); 169–180 before round 13, before any
// change of the matcher ("fresh 11", scored untouched first); 181–192 before round 14, before any change of the matcher
// ("fresh 12", scored untouched first); 193–204 before round 15, before any change of the matcher ("fresh 13", scored
// untouched first); 205–216 before round 16, before any change of the matcher ("fresh 14", scored untouched first); 217–228
// before round 17, before any change of the matcher ("fresh 15", scored untouched first); 229–240 before round 18, before any change
// of the matcher ("fresh 16", scored untouched first); 241–252 before round 20, before any change of the matcher ("fresh 17",
// scored untouched first: 1.000 / 0.483, read since); 253–264 after round 20, blind: by an author who never read the matcher
// or the benches ("fresh 18", scored untouched first: 0.972 / 0.583, read since round 21); 265–276 after round 21, blind ("fresh 19",
// scored untouched first: 0.951 / 0.650, read since round 22). Figures by round in docs/memory-model.md.
//   npx tsx bench/forget-cases.bench.ts [--misses] [--parts=all,fresh]
// With an LLM judging what the rules are not sure of (forgetByDescription's `llm`), any OpenAI-compatible server
// (the key, when it needs one, in FORGET_JUDGE_API_KEY; never on the command line):
//   npx tsx bench/forget-cases.bench.ts --judge-base-url http://127.0.0.1:11434/v1 --judge-model qwen2.5:7b-instruct
// or a loopback server that knows the labels and names the target whenever it is shown (bench/lib/forget-oracle-judge.ts):
// the ceiling any model can reach with the memories it is shown.
//   npx tsx bench/forget-cases.bench.ts --judge-oracle
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runForgetBenchmark } from '../src/evaluation/forget-benchmark.ts';
import { FORGET_DESIGN_SCENARIOS, FORGET_NOTHING_STORED, FORGET_SCENARIOS } from '../src/forget/fixtures/forget-cases.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { createOpenAICompatibleChat } from '../src/providers/openai-compatible/chat.ts';
import type { LlmClient } from '../src/spec/llm-client.ts';
import { commandLine } from './lib/command-line.ts';
import { startOracleJudge } from './lib/forget-oracle-judge.ts';

const parts = {
  all: FORGET_SCENARIOS,
  'scenarios 1–156 + their 80 about nothing stored (the 780 requests before round 11)': FORGET_SCENARIOS.slice(0, 156),
  'scenarios 1–144 + their 74 about nothing stored (the 720 requests before round 9)': FORGET_SCENARIOS.slice(0, 144),
  'scenarios 1–131 + their 62 about nothing stored (the 655 requests before round 8)': FORGET_SCENARIOS.slice(0, 131),
  'scenarios 1–121 + their 55 about nothing stored (the 605 requests before round 7)': FORGET_SCENARIOS.slice(0, 121),
  'scenarios 1–106 + their 47 about nothing stored (the 530 requests before round 6)': FORGET_SCENARIOS.slice(0, 106),
  'scenarios 1–30 + their 10 about nothing stored (the original 150 requests)': FORGET_SCENARIOS.slice(0, 30),
  'scenarios 1–38 + their 14 about nothing stored (the set before #11 item 4)': FORGET_SCENARIOS.slice(0, 38),
  'first half (scenarios 1–15, designed on)': FORGET_SCENARIOS.slice(0, 15),
  'design set (6 scenarios, designed on, not in "all")': FORGET_DESIGN_SCENARIOS,
  'second half (scenarios 16–30, held out)': FORGET_SCENARIOS.slice(15, 30),
  'added (scenarios 31–38, held out before #11 item 4)': FORGET_SCENARIOS.slice(30, 38),
  'earlier held out (scenarios 16–38, tuned on since #11 item 4)': FORGET_SCENARIOS.slice(15, 38),
  'scenarios 39–48 + 5 about nothing stored (held out from round 1 of #11 item 4, seen since)': FORGET_SCENARIOS.slice(38, 48),
  'scenarios 49–58 + 5 about nothing stored (held out from round 2, seen since)': FORGET_SCENARIOS.slice(48, 58),
  'scenarios 59–68 + 5 about nothing stored (held out from round 3)': FORGET_SCENARIOS.slice(58, 68),
  'scenarios 69–84 + 7 about nothing stored (held out from round 4, seen since)': FORGET_SCENARIOS.slice(68, 84),
  'scenarios 85–88 + 3 about nothing stored (written after round 4, never tuned on)': FORGET_SCENARIOS.slice(84, 88),
  'scenarios 89–101 + 5 about nothing stored (written before round 5, tuned on since)': FORGET_SCENARIOS.slice(88, 101),
  'scenarios 102–106 + 3 about nothing stored (written after round 5)': FORGET_SCENARIOS.slice(101, 106),
  'scenarios 107–116 + 5 about nothing stored (written before round 6, held out from it, read since)': FORGET_SCENARIOS.slice(106, 116),
  'seen (scenarios 117–121 + 3 about nothing stored, written after round 6, scored untouched, read since)': FORGET_SCENARIOS.slice(116, 121),
  'fresh 7 (scenarios 122–131 + 7 about nothing stored, written before round 7, scored untouched first, read since)': FORGET_SCENARIOS.slice(121, 131),
  'fresh 8 (scenarios 132–144 + 12 about nothing stored, written before round 8, scored untouched first, read since)': FORGET_SCENARIOS.slice(131, 144),
  'fresh 9 (scenarios 145–156 + 6 about nothing stored, written before round 9, scored untouched first)': FORGET_SCENARIOS.slice(144, 156),
  'fresh 10 (scenarios 157–168 + 6 about nothing stored, written before round 11, scored untouched first)': FORGET_SCENARIOS.slice(156, 168),
  'fresh 11 (scenarios 169–180 + 8 about nothing stored, written before round 13, scored untouched first)': FORGET_SCENARIOS.slice(168, 180),
  'scenarios 1–168 + their 86 about nothing stored (the 840 requests before round 13)': FORGET_SCENARIOS.slice(0, 168),
  'fresh 12 (scenarios 181–192 + 8 about nothing stored, written before round 14, scored untouched first)': FORGET_SCENARIOS.slice(180, 192),
  'scenarios 1–180 + their 94 about nothing stored (the 900 requests before round 14)': FORGET_SCENARIOS.slice(0, 180),
  'fresh 13 (scenarios 193–204 + 8 about nothing stored, written before round 15, scored untouched first)': FORGET_SCENARIOS.slice(192, 204),
  'scenarios 1–192 + their 102 about nothing stored (the 960 requests before round 15)': FORGET_SCENARIOS.slice(0, 192),
  'fresh 14 (scenarios 205–216 + 8 about nothing stored, written before round 16, scored untouched first)': FORGET_SCENARIOS.slice(204, 216),
  'scenarios 1–204 + their 110 about nothing stored (the 1020 requests before round 16)': FORGET_SCENARIOS.slice(0, 204),
  'fresh 15 (scenarios 217–228 + 8 about nothing stored, written before round 17, scored untouched first)': FORGET_SCENARIOS.slice(216, 228),
  'scenarios 1–216 + their 118 about nothing stored (the 1080 requests before round 17)': FORGET_SCENARIOS.slice(0, 216),
  'fresh 16 (scenarios 229–240 + 8 about nothing stored, written before round 18, scored untouched first)': FORGET_SCENARIOS.slice(228, 240),
  'scenarios 1–228 + their 126 about nothing stored (the 1140 requests before round 18)': FORGET_SCENARIOS.slice(0, 228),
  'fresh 17 (scenarios 241–252 + 8 about nothing stored, written before round 20, scored untouched first)': FORGET_SCENARIOS.slice(240, 252),
  'scenarios 1–240 + their 134 about nothing stored (the 1200 requests before round 20)': FORGET_SCENARIOS.slice(0, 240),
  'fresh 18 (scenarios 253–264 + 8 about nothing stored, written blind after round 20, scored untouched first, read since round 21)': FORGET_SCENARIOS.slice(252, 264),
  'scenarios 1–252 + their 142 about nothing stored (the 1260 requests of round 20)': FORGET_SCENARIOS.slice(0, 252),
  'fresh 19 (scenarios 265–276 + 8 about nothing stored, written blind after round 21, scored untouched first)': FORGET_SCENARIOS.slice(264, 276),
  'scenarios 1–264 + their 150 about nothing stored (the 1320 requests of round 21)': FORGET_SCENARIOS.slice(0, 264),
};
/** Requests about nothing stored that belong to a part: all of them with "all", those written with a part's scenarios with it. */
const NOTHING_STORED_BY_PART: Record<string, [number, number]> = { 'scenarios 1–156': [0, 80], 'scenarios 1–144': [0, 74], 'scenarios 1–131': [0, 62], 'scenarios 1–121': [0, 55], 'scenarios 1–106': [0, 47], 'scenarios 1–30': [0, 10], 'scenarios 1–38': [0, 14], 'scenarios 39': [14, 19], 'scenarios 49': [19, 24], 'scenarios 59': [24, 29], 'scenarios 69': [29, 36], 'scenarios 85': [36, 39], 'scenarios 89': [39, 44], 'scenarios 102': [44, 47], 'scenarios 107': [47, 52], seen: [52, 55], 'fresh 7': [55, 62], 'fresh 8': [62, 74], 'fresh 9': [74, 80], 'fresh 10': [80, 86], 'fresh 11': [86, 94], 'scenarios 1–168': [0, 86], 'fresh 12': [94, 102], 'scenarios 1–180': [0, 94], 'fresh 13': [102, 110], 'scenarios 1–192': [0, 102], 'fresh 14': [110, 118], 'scenarios 1–204': [0, 110], 'fresh 15': [118, 126], 'scenarios 1–216': [0, 118], 'fresh 16': [126, 134], 'scenarios 1–228': [0, 126], 'fresh 17': [134, 142], 'fresh 18': [142, 150], 'scenarios 1–252': [0, 142], 'fresh 19': [150, 158], 'scenarios 1–264': [0, 150], 'scenarios 1–240': [0, 134] };
const nothingStoredOf = (name: string) => {
  if (name === 'all') return FORGET_NOTHING_STORED;
  const range = Object.entries(NOTHING_STORED_BY_PART).find(([prefix]) => name.startsWith(prefix))?.[1];
  return range ? FORGET_NOTHING_STORED.slice(...range) : [];
};
/** `--parts=all,fresh` runs only the parts whose names start so (each part stores its own agent, so the rest is slow). */
const { option, flag } = commandLine();
const judgeBaseURL = option('judge-base-url', '');
const oracle = flag('judge-oracle') ? await startOracleJudge([...FORGET_SCENARIOS, ...FORGET_DESIGN_SCENARIOS]) : undefined;
const llm: LlmClient | undefined = oracle
  ? createOpenAICompatibleChat({ baseURL: oracle.apiBaseURL, model: 'oracle' })
  : judgeBaseURL
    ? createOpenAICompatibleChat({ baseURL: judgeBaseURL, model: option('judge-model', ''), ...(process.env.FORGET_JUDGE_API_KEY ? { apiKey: process.env.FORGET_JUDGE_API_KEY } : {}) })
    : undefined;
if (llm) console.log(`judge: ${llm.provider}/${llm.modelId}${oracle ? ` (the loopback oracle at ${oracle.baseURL})` : ''}`);
const only = process.argv.find((argument) => argument.startsWith('--parts='))?.slice('--parts='.length).split(',');
for (const [name, scenarios] of Object.entries(parts).filter(([name]) => !only || only.some((prefix) => name.startsWith(prefix)))) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-forget-bench-'));
  const memory = await createHippocampus({ home, agentId: 'forget' });
  try {
    const report = await runForgetBenchmark(memory, scenarios, nothingStoredOf(name), llm ? { llm } : {});
    console.log(`${name}: ${report.cases} cases${report.negativeCases ? ` + ${report.negativeCases} about nothing stored` : ''}, precision ${report.precision.toFixed(3)}, recall ${report.recall.toFixed(3)} (${report.deletedTarget} deleted their target, ${report.wrongDeletions} wrong deletions, ${report.unsure} unsure of which ${report.unsureWithTarget} offer the target to confirm)`);
    if (report.judge) console.log(`  judge: asked about ${report.judge.asked} requests, chose in ${report.judge.chose}, failed ${JSON.stringify(report.judge.failed)}; tokens ${report.judge.inputTokens} in, ${report.judge.outputTokens} out`);
    if (process.argv.includes('--misses') && (name === 'all' || name.startsWith('fresh'))) for (const miss of report.misses) console.log(`  miss: "${miss.description}" → deleted [${miss.deleted.join(' | ')}], ${miss.candidates} candidates (target: ${miss.target})`);
  } finally {
    await memory.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}
await oracle?.close();
