import { forgetByDescription } from '../forget/forget-by-description.ts';
import type { ForgetScenario } from '../forget/fixtures/forget-cases.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';

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
  /** Cases the immediate path did not get exactly right, for reading. */
  misses: { description: string; target: string; deleted: string[]; candidates: number }[];
}

/**
 * Scores forgetting by description on labelled scenarios: every target and near miss is stored in one
 * agent, and each description is matched as `forget_memory` would (a dry run: nothing is deleted, so
 * every case sees the same memories).
 */
export async function runForgetBenchmark(memory: Hippocampus, scenarios: readonly ForgetScenario[], nothingStored: readonly string[] = []): Promise<ForgetBenchmarkReport> {
  await memory.rememberMany(
    scenarios.flatMap((scenario) => [scenario.target, ...scenario.nearMisses]).map((content) => ({ type: 'observation' as const, content })),
    { longTerm: true },
  );
  const report: ForgetBenchmarkReport = { cases: 0, negativeCases: 0, deletedTarget: 0, wrongDeletions: 0, unsure: 0, unsureWithTarget: 0, precision: 1, recall: 0, misses: [] };
  let deletions = 0;
  for (const scenario of scenarios) {
    for (const description of scenario.descriptions) {
      const result = await forgetByDescription(memory, description, { dryRun: true });
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
    const result = await forgetByDescription(memory, description, { dryRun: true });
    deletions += result.deleted.length;
    report.wrongDeletions += result.deleted.length;
    report.negativeCases += 1;
    if (result.deleted.length > 0) report.misses.push({ description, target: '(nothing stored)', deleted: result.deleted.map((entry) => entry.content), candidates: result.candidates.length });
  }
  report.precision = deletions === 0 ? 1 : (deletions - report.wrongDeletions) / deletions;
  report.recall = report.deletedTarget / report.cases;
  return report;
}
