// The curves of the memory model, as docs/memory-model.md shows them: for a memory of each importance,
// never accessed after it was made, its effective strength (running intensity × decay), its live score
// and tier, and whether relevant recall can still return it — computed by the engine's own functions.
//   npx tsx bench/memory-curves.ts
import { ACCESS_IMPORTANCE_BOOST, ACCESS_IMPORTANCE_CEILING, IMPORTANT_ENOUGH_TO_KEEP, startingIntensity } from '../src/core/importance.ts';
import { liveScore } from '../src/core/live-score.ts';
import { effectiveStrength, FORGOTTEN_BELOW } from '../src/core/strength.ts';
import { tierOf } from '../src/core/tiers.ts';

const DAY = 24 * 3_600_000;
const DAYS = [0, 7, 30, 60, 90, 120, 180, 365];
const IMPORTANCES = [0.3, 0.5, 0.7, 0.9];

const rows: string[] = [];
rows.push(`| importance | ${DAYS.map((day) => `day ${day}`).join(' | ')} |`);
rows.push(`|---|${DAYS.map(() => '---').join('|')}|`);
for (const importance of IMPORTANCES) {
  const memory = { importance, runningIntensity: startingIntensity(importance), accessCount: 0, lastAccessedAt: null, createdAt: 0 };
  const cells = DAYS.map((day) => {
    const strength = effectiveStrength(memory, day * DAY);
    const recalled = strength >= FORGOTTEN_BELOW || importance >= IMPORTANT_ENOUGH_TO_KEEP;
    return `${strength.toFixed(2)} · ${tierOf(liveScore(memory, day * DAY))}${recalled ? '' : ' · gone'}`;
  });
  rows.push(`| ${importance} (starts at ${startingIntensity(importance)}) | ${cells.join(' | ')} |`);
}
console.log('Effective strength · live tier · whether relevant recall still returns it, never accessed:\n');
console.log(rows.join('\n'));

// Being used: a 0.6 memory recalled and used every day.
const used: string[] = [];
let importance = 0.6;
for (let uses = 1; uses <= 40; uses += 1) {
  if (importance < ACCESS_IMPORTANCE_CEILING) importance = Math.min(ACCESS_IMPORTANCE_CEILING, importance + ACCESS_IMPORTANCE_BOOST);
  if ([1, 5, 9, 10, 20, 40].includes(uses)) used.push(`| ${uses} | ${importance.toFixed(2)} | ${tierOf(importance)} |`);
}
console.log(`\nA 0.6 memory used again and again (each use +${ACCESS_IMPORTANCE_BOOST}, never above ${ACCESS_IMPORTANCE_CEILING}):\n`);
console.log(['| uses | importance | tier |', '|---|---|---|', ...used].join('\n'));
