import type { StrengthCurve } from '../api-types.ts';
import { Chart, track } from '../charts.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Past decay (solid) and the projected curve if nothing touches the memory again (dashed), in days from now. */
export function drawStrengthChart(canvas: HTMLCanvasElement, curve: StrengthCurve): Chart {
  const toPoint = (point: { at: number; strength: number }) => ({ x: (point.at - curve.now) / DAY, y: point.strength });
  const horizon = (curve.projected.at(-1)!.at - curve.now) / DAY;
  return track(
    new Chart(canvas, {
      type: 'line',
      data: {
        datasets: [
          { label: 'past', data: curve.past.map(toPoint), borderColor: '#4f46e5', backgroundColor: 'rgba(79,70,229,0.12)', fill: true, pointRadius: 0, borderWidth: 2.5 },
          { label: 'projected', data: curve.projected.map(toPoint), borderColor: '#6366f1', borderDash: [6, 5], backgroundColor: 'rgba(99,102,241,0.05)', fill: true, pointRadius: 0, borderWidth: 2 },
          { label: 'forgotten below', data: [toPoint({ at: curve.past[0]!.at, strength: curve.forgottenBelow }), { x: horizon, y: curve.forgottenBelow }], borderColor: '#ef4444', borderDash: [2, 4], pointRadius: 0, borderWidth: 1.5 },
        ],
      },
      options: {
        maintainAspectRatio: false,
        parsing: false,
        interaction: { mode: 'nearest', intersect: false },
        plugins: { legend: { position: 'top', align: 'end', labels: { boxWidth: 12 } }, tooltip: { callbacks: { title: (items) => `${(items[0]?.parsed.x ?? 0).toFixed(1)} days from now`, label: (item) => `${item.dataset.label}: ${(item.parsed.y ?? 0).toFixed(3)}` } } },
        scales: {
          x: { type: 'linear', title: { display: true, text: 'days from now' }, ticks: { callback: (value) => (Number(value) === 0 ? 'now' : `${Number(value) > 0 ? '+' : ''}${Number(value).toFixed(0)}`) } },
          y: { min: 0, max: 1, title: { display: true, text: 'effective strength' } },
        },
      },
    }),
  );
}
