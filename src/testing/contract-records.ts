import { randomUUID } from 'node:crypto';
import { hashContent } from '../core/content-hash.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { AgentScope } from '../spec/memory-store.ts';

/** The time the contract's records and other stored values are written at. */
export const CONTRACT_BASE_TIME = Date.UTC(2026, 0, 1);
let counter = 0;

/** A unique agent per check: one PostgreSQL database serves every check, as it serves many agents. */
export function contractScope(): AgentScope {
  return { agentId: `contract-${randomUUID().slice(0, 8)}` };
}

/** A whole memory record of `scope` with `content`, a unique sortable id and times after the one before; `fields` over it. */
export function contractRecord(scope: AgentScope, content: string, fields: Partial<MemoryRecord> = {}): MemoryRecord {
  counter += 1;
  const id = fields.id ?? `01K${String(counter).padStart(10, '0')}${randomUUID().replace(/-/g, '').slice(0, 13).toUpperCase()}`;
  return {
    id,
    agentId: scope.agentId,
    sessionId: null,
    type: 'observation',
    kind: 'memory',
    content,
    context: {},
    domain: null,
    category: null,
    timestamp: CONTRACT_BASE_TIME + counter,
    createdAt: CONTRACT_BASE_TIME + counter,
    consolidatedAt: CONTRACT_BASE_TIME + counter,
    lastAccessedAt: null,
    importance: 0.5,
    accessCount: 0,
    runningIntensity: 0.5,
    encounterCount: 1,
    supersededBy: null,
    contentHash: hashContent(content),
    relatedTo: [],
    tags: [],
    source: null,
    ...fields,
  };
}
