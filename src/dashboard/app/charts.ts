import { ArcElement, BarController, BarElement, CategoryScale, Chart, DoughnutController, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

Chart.register(ArcElement, BarController, BarElement, CategoryScale, DoughnutController, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);
Chart.defaults.font.family = getComputedStyle(document.documentElement).getPropertyValue('--font').trim() || 'system-ui, sans-serif';
Chart.defaults.color = '#475569';
Chart.defaults.animation = false;

export { Chart };

/** Colours shared by badges and charts, by memory type and tier. */
export const TYPE_COLOURS: Record<string, string> = {
  chat: '#6366f1',
  observation: '#0ea5e9',
  task: '#f59e0b',
  decision: '#10b981',
  'tool-use': '#64748b',
  error: '#ef4444',
  insight: '#a855f7',
};
export const TIER_COLOURS: Record<string, string> = { core: '#4f46e5', active: '#0ea5e9', background: '#94a3b8', archival: '#cbd5e1', 'short-term': '#f59e0b' };

/** Charts are drawn into canvases that get replaced on navigation; this keeps one chart per canvas. */
const live = new Set<Chart>();
export function track(chart: Chart): Chart {
  for (const other of [...live]) {
    if (!other.canvas.isConnected) {
      other.destroy();
      live.delete(other);
    }
  }
  live.add(chart);
  return chart;
}
