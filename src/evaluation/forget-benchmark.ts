import { forgetByDescription } from '../forget/forget-by-description.ts';
import type { ForgetScenario } from '../forget/fixtures/forget-cases.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { LlmClient } from '../spec/llm-client.ts';

export interface ForgetBenchmarkReport {
  cases: number;
  /** Cases whose immediate path deleted the target. */
  deletedTarget: number;
  /** Requests about things never stored, where any deletion is wrong. */
  negativeCases: number;
  /** Memories the immediate path would have deleted that were not the target. */
  wrongDeletions: number;
  /** Cases that deleted nothing and offered candidates to confirm. */
  unsure: number;
  /** Of those, cases whose candidates include the target (the confirm step can reach it). */
  unsureWithTarget: number;
  /** Deletions that were the target / all deletions. */
  precision: number;
  /** Cases that deleted the target / all cases. */
  recall: number;
  /** With an LLM: the requests it was asked about (the rules were not sure), those where it chose something, the failed requests by error code, and the tokens spent. */
  judge?: { asked: number; chose: number; failed: Record<string, number>; inputTokens: number; outputTokens: number };
  /** Cases the immediate path did not get exactly right, for reading. */
  misses: { description: string; target: string; deleted: string[]; candidates: number }[];
}

/**
 * Scores forgetting by description on labelled scenarios: every target and near miss is stored in one
 * agent, and each description is matched as `forget_memory` would (a dry run: nothing is deleted, so
 * every case sees the same memories). With `llm`, it judges what the rules are not sure of (forgetByDescription's `llm`).
 */
export async function runForgetBenchmark(memory: Hippocampus, scenarios: readonly ForgetScenario[], nothingStored: readonly string[] = [], options: { llm?: LlmClient } = {}): Promise<ForgetBenchmarkReport> {
  await memory.rememberMany(
    scenarios.flatMap((scenario) => [scenario.target, ...scenario.nearMisses]).map((content) => ({ type: 'observation' as const, content })),
    { longTerm: true },
  );
  const report: ForgetBenchmarkReport = { cases: 0, negativeCases: 0, deletedTarget: 0, wrongDeletions: 0, unsure: 0, unsureWithTarget: 0, precision: 1, recall: 0, misses: [] };
  let deletions = 0;
  const judge = { asked: 0, chose: 0, failed: {} as Record<string, number>, inputTokens: 0, outputTokens: 0 };
  const forget = async (description: string) => {
    const result = await forgetByDescription(memory, description, { dryRun: true, ...(options.llm ? { llm: options.llm } : {}) });
    if (result.judge) {
      judge.asked += 1;
      if (result.judge.chosen > 0) judge.chose += 1;
      judge.inputTokens += result.judge.usage.inputTokens;
      judge.outputTokens += result.judge.usage.outputTokens;
      if (result.judge.error) judge.failed[result.judge.error.code] = (judge.failed[result.judge.error.code] ?? 0) + 1;
    }
    return result;
  };
  for (const scenario of scenarios) {
    for (const description of scenario.descriptions) {
      const result = await forget(description);
      const deleted = result.deleted.map((entry) => entry.content);
      report.cases += 1;
      deletions += deleted.length;
      const hit = deleted.includes(scenario.target);
      const wrong = deleted.filter((content) => content !== scenario.target).length;
      if (hit) report.deletedTarget += 1;
      report.wrongDeletions += wrong;
      if (deleted.length === 0 && result.candidates.length > 0) {
        report.unsure += 1;
        if (result.candidates.some((candidate) => candidate.content === scenario.target)) report.unsureWithTarget += 1;
      }
      if (!hit || wrong > 0) report.misses.push({ description, target: scenario.target, deleted, candidates: result.candidates.length });
    }
  }
  // Requests about what was never stored: every deletion is wrong.
  for (const description of nothingStored) {
    const result = await forget(description);
    deletions += result.deleted.length;
    report.wrongDeletions += result.deleted.length;
    report.negativeCases += 1;
    if (result.deleted.length > 0) report.misses.push({ description, target: '(nothing stored)', deleted: result.deleted.map((entry) => entry.content), candidates: result.candidates.length });
  }
  report.precision = deletions === 0 ? 1 : (deletions - report.wrongDeletions) / deletions;
  report.recall = report.deletedTarget / report.cases;
  if (options.llm) report.judge = judge;
  return report;
}
