import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';
import { cosineSimilarity } from '../src/working/similarity.ts';
const e = createUseLiteEmbedder();
const ws = ['price', 'fees', 'costs', 'cost', 'porto', 'night', 'euros', 'raised', 'cleaning'];
const { embeddings } = await e.doEmbed({ values: ws });
for (let i = 1; i < ws.length; i++) console.log('price', ws[i], cosineSimilarity(embeddings[0]!, embeddings[i]!).toFixed(3));
