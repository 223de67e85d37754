/**
 * The URL of a module beside `here` with the same extension: `.ts` when running from the sources
 * (tsx, vitest), `.js` from the built package. Worker threads are started from such URLs.
 *
 * @example
 * siblingModule(import.meta.url, 'keyword-postings-worker') // …/keyword-postings-worker.ts or …/keyword-postings-worker.js
 */
export function siblingModule(here: string, name: string): URL {
  return new URL(`./${name}${here.endsWith('.ts') ? '.ts' : '.js'}`, here);
}
