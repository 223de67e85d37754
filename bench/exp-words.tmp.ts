import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';
import { cosineSimilarity } from '../src/working/similarity.ts';
import { queryTerms } from '../src/core/query-terms.ts';
const e = createUseLiteEmbedder();
const pairs: [string, string[]][] = [
  ['layoff', ['My husband Kenji lost his job at the shipyard', 'Kenji from the climbing gym is moving to Osaka']],
  ['unemployed', ['My husband Kenji lost his job at the shipyard', 'Kenji from the climbing gym is moving to Osaka']],
  ['career dream', ['My daughter Zoe wants to become a vet', 'My daughter Zoe is learning to swim']],
  ['debt', ['I still have not paid back the 300 euros Ruth lent me', 'Ruth lent me her camping stove']],
  ['addiction', ['My friend Jonah relapsed and is back in rehab', 'My son Jonas has ADHD', 'Jonah Hill stars in the new comedy']],
  ['promotion', ['I told my manager Olga I am burned out', "Olga is the name of my neighbour's cat"]],
  ['birthday party', ['My son Theo broke his arm falling off the trampoline', 'Theo from work is moving to Denver']],
  ['new girlfriend', ['My cousin Rafael owes me 500 euros for the concert tickets', 'My ex Marco cheated on me with my best friend']],
  ['birthday', ['My daughter Zoe wants to become a vet']],
  ['school report', ['My daughter Sofia has type 1 diabetes and wears an insulin pump', 'Sofia Coppola directed Lost in Translation']],
  ['new car', ['My brother Yusuf has a gambling addiction', 'Yusuf won the chess tournament at school']],
  ['pension', ['I was fired from Delmar Logistics']],
  ['new job', ['My brother Emil works as a pilot', 'My brother Emil is getting married in Vienna next spring']],
];
for (const [words, mems] of pairs) {
  for (const m of mems) {
    const own = queryTerms(m);
    const ws = words.split(' ');
    const { embeddings } = await e.doEmbed({ values: [...ws, ...own] });
    const res = ws.map((w, i) => { let best = -1, bw = ''; own.forEach((o, j) => { const c = cosineSimilarity(embeddings[i]!, embeddings[ws.length + j]!); if (c > best) { best = c; bw = o; } }); return `${w}~${bw} ${best.toFixed(2)}`; });
    console.log(`${words} | ${m} | ${res.join(', ')}`);
  }
}
