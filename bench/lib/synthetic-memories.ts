import { hashContent } from '../../src/core/content-hash.ts';
import { MEMORY_TYPES, type MemoryRecord } from '../../src/spec/memory-record.ts';

const WORDS = 'deploy billing postgres invoice customer migration cache latency error queue worker retry timeout user preference coffee meeting roadmap release budget design review incident alert database index shard replica backup restore token session login payment refund report dashboard metric trace log'.split(' ');

/** Deterministic pseudo-random memories for load tests (a seeded LCG, so runs compare). */
export function syntheticMemories(agentId: string, count: number, startIndex = 0, now = Date.now()): MemoryRecord[] {
  const records: MemoryRecord[] = [];
  let seed = 12345 + startIndex;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let offset = 0; offset < count; offset += 1) {
    const index = startIndex + offset;
    const words = Array.from({ length: 12 + Math.floor(random() * 12) }, () => WORDS[Math.floor(random() * WORDS.length)]);
    const content = `memory ${index}: ${words.join(' ')}`;
    const timestamp = now - Math.floor(random() * 365 * 24 * 3600_000);
    records.push({
      id: `01BENCH${String(index).padStart(19, '0')}`,
      agentId,
      sessionId: 'bench',
      type: MEMORY_TYPES[index % MEMORY_TYPES.length]!,
      kind: index % 5 === 0 ? 'fact' : 'memory',
      content,
      context: { userId: `user-${index % 50}`, roomId: `room-${index % 20}` },
      domain: ['user', 'self', 'relationship', 'world'][index % 4]!,
      category: null,
      timestamp,
      createdAt: timestamp,
      consolidatedAt: timestamp,
      lastAccessedAt: null,
      importance: Math.round(random() * 100) / 100,
      accessCount: 0,
      runningIntensity: 0.5,
      encounterCount: 1,
      supersededBy: null,
      contentHash: hashContent(content),
      relatedTo: [],
      tags: [WORDS[index % WORDS.length]!, WORDS[(index * 7) % WORDS.length]!],
      source: 'bench',
    });
  }
  return records;
}
