import fs from 'node:fs';
import { z } from 'zod';
import path from 'node:path';
import { agentPaths } from '../config/agent-paths.ts';
import { readAgentJsonFile } from '../config/agent-json-file.ts';
import type { Clock } from '../spec/clock.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { WorkingConversation, WorkingMemoryStore } from '../spec/working-memory-store.ts';
import { openRedisWorkingMemory } from '../stores/open-backend.ts';
import { writeFileAtomically } from '../live/atomic-write.ts';
import { withFileLock } from '../live/file-lock.ts';
import { createInProcessWorkingMemory } from './in-process-store.ts';

export interface AgentWorkingMemory {
  store: WorkingMemoryStore;
  /** Where it lives, for messages: a Redis URL or the snapshot file. */
  location: string;
  /** Writes the snapshot back (no-op for Redis) and closes. */
  close(): Promise<void>;
}

type Serialized = Omit<WorkingConversation, 'embedding'> & { embedding: number[] };

/** What a snapshot must hold for the in-process store to load it and a forget to scrub it; other fields pass. */
const snapshotSchema = z.array(
  z.looseObject({ conversationId: z.string(), timestamp: z.number(), fullText: z.string(), embedding: z.array(z.number()), keyEntities: z.array(z.string()), topics: z.array(z.string()) }),
);

/**
 * The conversations a snapshot file holds, newest first; none when there is no file. A file that is not
 * one is DATABASE_CORRUPT naming it: it failed every command that opened working memory, and a forget
 * after deleting the rows, as an INTERNAL_ERROR ("Expected property name…"), leaving the file unscrubbed.
 */
function readSnapshot(file: string): Serialized[] {
  const conversations = readAgentJsonFile(file, {
    what: 'working-memory snapshot',
    // Named from the home on to an HTTP client (public-message.ts): the agent's id is the folder above memory/.
    agentId: path.basename(path.dirname(path.dirname(file))),
    remedy: 'move it aside (its conversations are lost to working memory) and try again',
    check: (value) => {
      const result = snapshotSchema.safeParse(value);
      return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).slice(0, 3).join('; ');
    },
  });
  return (conversations as Serialized[] | undefined) ?? [];
}

/**
 * Reads an agent's working-memory snapshot, only to check it: a forget asks before anything is deleted,
 * so a damaged one refuses the forget rather than failing after it.
 */
export function checkWorkingSnapshot(agentRoot: string): void {
  readSnapshot(workingSnapshotFile(agentRoot));
}

/** The conversations an agent's snapshot holds on disk (expired ones too: their text is still there), newest first. */
export function snapshotConversations(agentRoot: string): Pick<WorkingConversation, 'conversationId' | 'timestamp' | 'fullText'>[] {
  return readSnapshot(workingSnapshotFile(agentRoot)).map(({ conversationId, timestamp, fullText }) => ({ conversationId, timestamp, fullText }));
}

/** Where in-process working memory is kept between processes: beside the agent's database. */
export function workingSnapshotFile(agentRoot: string): string {
  return path.join(agentRoot, 'memory', 'working.json');
}

/**
 * Rewrites an agent's working-memory snapshot without the conversations `drop` picks by their text,
 * and returns their ids. A forget calls it: the CLI and the server keep working memory only in this
 * file between commands, so no engine holds it as its `workingMemory` to drop them from.
 *
 * @example
 * dropFromWorkingSnapshot(agentRoot, (fullText) => fullText.includes('locker code')); // ['c-1795…']
 */
export function dropFromWorkingSnapshot(agentRoot: string, drop: (fullText: string) => boolean): string[] {
  const file = workingSnapshotFile(agentRoot);
  if (!fs.existsSync(file)) return [];
  const agentId = path.basename(agentRoot);
  return withFileLock(file, () => {
    const saved = readSnapshot(file);
    const kept = saved.filter((conversation) => !drop(conversation.fullText));
    if (kept.length === saved.length) return [];
    writeFileAtomically(file, JSON.stringify(kept), { agentId });
    return saved.filter((conversation) => !kept.includes(conversation)).map((conversation) => conversation.conversationId);
  }, { agentId });
}

/**
 * An agent's working memory for one process (a CLI invocation, a server). In-process working memory
 * dies with the process, so without `redisUrl` it is kept in a JSON snapshot beside the agent's
 * database (`memory/working.json`), loaded through the in-process store (capacity and TTL apply on
 * load as on store) and written back on close.
 */
export async function openAgentWorkingMemory(options: { home: string; agentId: string; embedder: Embedder | null; clock?: Clock; redisUrl?: string; readOnly?: boolean }): Promise<AgentWorkingMemory> {
  const embedder = options.embedder ?? undefined;
  if (options.redisUrl !== undefined) {
    // Loaded on demand: the CLI must not pull ioredis in for every command.
    const store = await openRedisWorkingMemory({ url: options.redisUrl, ...(embedder ? { embedder } : {}), ...(options.clock ? { clock: options.clock } : {}) });
    return { store, location: options.redisUrl, close: () => store.close() };
  }
  const file = workingSnapshotFile(agentPaths(options.home, options.agentId).root);
  // A snapshot is loaded as it was written: one saved before the store bounded conversations must not lock its agent out.
  const store = createInProcessWorkingMemory({ ...(embedder ? { embedder } : {}), ...(options.clock ? { clock: options.clock } : {}), maxConversationBytes: Infinity });
  const scope = { agentId: options.agentId };
  const loaded = new Set<string>();
  for (const conversation of readSnapshot(file).reverse()) {
    loaded.add(conversation.conversationId);
    await store.store(scope, conversation);
  }
  return {
    store,
    location: file,
    async close() {
      // A reader (a routed search) leaves the snapshot to the writers: writing back what it loaded could undo theirs.
      if (options.readOnly) return store.close();
      const all = await store.getAll(scope, Number.MAX_SAFE_INTEGER);
      // Merged with what the file holds now, not written over it: a conversation another process dropped
      // meanwhile (a forget rewrites the file: dropFromWorkingSnapshot) stays dropped, and one it added stays.
      // Under the file's lock: another process's read-merge-write between this read and this write was lost.
      withFileLock(file, () => {
        const now = readSnapshot(file);
        const present = new Set(now.map((conversation) => conversation.conversationId));
        const ours = new Set(all.map((conversation) => conversation.conversationId));
        const serialized: Serialized[] = [
          ...all.filter((conversation) => !loaded.has(conversation.conversationId) || present.has(conversation.conversationId)).map((conversation) => ({ ...conversation, embedding: Array.from(conversation.embedding) })),
          ...now.filter((conversation) => !loaded.has(conversation.conversationId) && !ours.has(conversation.conversationId)),
        ];
        writeFileAtomically(file, JSON.stringify(serialized), { agentId: options.agentId });
      }, { agentId: options.agentId });
      await store.close();
    },
  };
}
