/** A minimal Prometheus text-format writer: the few series this server exposes need no client library. */

type Labels = Record<string, string>;

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([key, value]) => `${key}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`).join(',')}}`;
}

export interface Histogram {
  observe(seconds: number, labels?: Labels): void;
  render(): string[];
}

/**
 * @example
 * const latency = createHistogram('hippocampus_recall_duration_seconds', 'Recall latency');
 * latency.observe(0.012, { agent: 'ada' });
 */
export function createHistogram(name: string, help: string, buckets = LATENCY_BUCKETS): Histogram {
  const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  return {
    observe(seconds, labels = {}) {
      const key = labelText(labels);
      let entry = series.get(key);
      if (!entry) {
        entry = { labels, counts: buckets.map(() => 0), sum: 0, count: 0 };
        series.set(key, entry);
      }
      buckets.forEach((bound, index) => {
        if (seconds <= bound) entry.counts[index]! += 1;
      });
      entry.sum += seconds;
      entry.count += 1;
    },
    render() {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
      for (const { labels, counts, sum, count } of series.values()) {
        buckets.forEach((bound, index) => lines.push(`${name}_bucket${labelText({ ...labels, le: String(bound) })} ${counts[index]}`));
        lines.push(`${name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`, `${name}_sum${labelText(labels)} ${sum}`, `${name}_count${labelText(labels)} ${count}`);
      }
      return lines;
    },
  };
}

export interface Counter {
  increment(labels?: Labels, by?: number): void;
  render(): string[];
}

export function createCounter(name: string, help: string): Counter {
  const series = new Map<string, number>();
  return {
    increment(labels = {}, by = 1) {
      const key = labelText(labels);
      series.set(key, (series.get(key) ?? 0) + by);
    },
    render() {
      return [`# HELP ${name} ${help}`, `# TYPE ${name} counter`, ...[...series].map(([labels, value]) => `${name}${labels} ${value}`)];
    },
  };
}

/** A gauge read at scrape time. */
export function renderGauge(name: string, help: string, samples: { labels: Labels; value: number }[]): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...samples.map(({ labels, value }) => `${name}${labelText(labels)} ${value}`)];
}
