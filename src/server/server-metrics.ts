import type { ConsolidationPass, ConsolidationService } from '../layers/nightly-consolidation.ts';
import type { MemoryEvent } from '../spec/memory-event.ts';
import type { EngineRegistry } from './engine-registry.ts';
import { createCounter, createHistogram, renderGauge } from './metrics.ts';
import { watcherStatus } from './watcher-status.ts';

/** What /metrics reports: live counters fed by the routes and engine events, gauges read from the stores at scrape. */
export interface ServerMetrics {
  recallLatency: ReturnType<typeof createHistogram>;
  requests: ReturnType<typeof createCounter>;
  onEngineEvent(agentId: string, event: MemoryEvent): void;
  /** Counts one pass of the scheduled working → semantic consolidation. */
  onConsolidationPass(pass: ConsolidationPass): void;
  render(registry: EngineRegistry, consolidation?: ConsolidationService): Promise<string>;
}

/**
 * @example
 * const metrics = createServerMetrics();
 * metrics.recallLatency.observe(0.004, { agent: 'ada', mode: 'hybrid' });
 * await metrics.render(registry); // Prometheus text
 */
export function createServerMetrics(): ServerMetrics {
  const recallLatency = createHistogram('hippocampus_recall_duration_seconds', 'Latency of hybrid recall (POST /agents/:agent/search)');
  const requests = createCounter('hippocampus_http_requests_total', 'HTTP requests by route and status');
  const consolidations = createCounter('hippocampus_consolidation_runs_total', 'Consolidation runs of this process by agent and trigger');
  const workingPasses = createCounter('hippocampus_working_consolidation_passes_total', 'Passes of the scheduled working → semantic consolidation');
  const workingConversations = createCounter('hippocampus_working_consolidation_conversations_total', 'Working-memory conversations consolidated into facts and the graph');
  const workingFacts = createCounter('hippocampus_working_consolidation_facts_total', 'Facts learned by the scheduled working → semantic consolidation');
  return {
    recallLatency,
    requests,
    onEngineEvent(agentId, event) {
      if (event.type === 'consolidation-run') consolidations.increment({ agent: agentId, trigger: event.run.trigger });
    },
    onConsolidationPass(pass) {
      workingPasses.increment({ outcome: pass.failures.length === 0 ? 'ok' : 'failures' });
      if (pass.conversations > 0) workingConversations.increment({}, pass.conversations);
      if (pass.facts > 0) workingFacts.increment({}, pass.facts);
    },
    async render(registry, consolidation) {
      const memories: { labels: Record<string, string>; value: number }[] = [];
      const lastRun: { labels: Record<string, string>; value: number }[] = [];
      const watcherLag: { labels: Record<string, string>; value: number }[] = [];
      // Only agents open in this process: opening every agent on disk for a scrape would undo the registry's cap.
      const open = registry.openAgents();
      for (const agent of open) {
        const engine = await registry.peek(agent)?.catch(() => undefined);
        // An agent the cap or the idle timer closes meanwhile is simply not reported in this scrape.
        const stats = await engine?.stats().catch(() => null);
        if (!engine || !stats) continue;
        for (const source of await watcherStatus(engine).catch(() => [])) watcherLag.push({ labels: { agent, source: source.sourceId }, value: source.lagSeconds });
        for (const [tier, count] of Object.entries(stats.byTier)) memories.push({ labels: { agent, tier }, value: count });
        memories.push({ labels: { agent, tier: 'short-term' }, value: stats.shortTerm });
        if (stats.lastConsolidation) lastRun.push({ labels: { agent }, value: stats.lastConsolidation.startedAt / 1000 });
      }
      return [
        ...renderGauge('hippocampus_open_agents', 'Agents whose engine is open in this process', [{ labels: {}, value: open.length }]),
        ...renderGauge('hippocampus_memories', 'Memories by agent and tier, for agents open in this process (short-term ones are not yet tiered)', memories),
        ...recallLatency.render(),
        ...consolidations.render(),
        ...renderGauge('hippocampus_last_consolidation_timestamp_seconds', 'Start of the last consolidation run by agent', lastRun),
        ...renderGauge('hippocampus_watcher_lag_seconds', 'Seconds since the live watcher last committed a batch of this source (its watermark moved)', watcherLag),
        ...workingPasses.render(),
        ...workingConversations.render(),
        ...workingFacts.render(),
        ...renderGauge('hippocampus_working_consolidation_next_timestamp_seconds', 'When the next scheduled working → semantic consolidation starts (absent when switched off)', consolidation?.nextRunAt() ? [{ labels: {}, value: consolidation.nextRunAt()! / 1000 }] : []),
        ...renderGauge('hippocampus_working_consolidation_last_timestamp_seconds', 'When the last working → semantic consolidation pass started', consolidation?.lastPass() ? [{ labels: {}, value: consolidation.lastPass()!.startedAt / 1000 }] : []),
        ...requests.render(),
        '',
      ].join('\n');
    },
  };
}
