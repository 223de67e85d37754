import fs from 'node:fs';
import { agentPaths } from '../config/agent-paths.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { dropFromWorkingSnapshot, snapshotConversations, workingSnapshotFile } from '../working/working-snapshot.ts';
import { holdsEveryWord } from './description-words.ts';

/** A working-memory conversation forget_memory offers to confirm: its id, an excerpt, and why. */
export interface ConversationCandidate {
  id: string;
  content: string;
  why: string;
}

const EXCERPT_CHARS = 500;

interface HeldConversation {
  conversationId: string;
  fullText: string;
}

/** The agent's working-memory snapshot beside its database, and the store the engine was given (`workingMemory`: Redis, in process). */
async function conversationsOf(memory: Hippocampus): Promise<{ root: string; fromSnapshot: HeldConversation[]; fromStore: HeldConversation[] }> {
  const root = agentPaths(memory.home, memory.agentId).root;
  const fromSnapshot = fs.existsSync(workingSnapshotFile(root)) ? snapshotConversations(root) : [];
  const fromStore = memory.workingMemory ? await memory.workingMemory.getAll({ agentId: memory.agentId }) : [];
  return { root, fromSnapshot, fromStore };
}

/** Each conversation once (a snapshot and a given store may hold the same id). */
function distinct(held: { fromSnapshot: HeldConversation[]; fromStore: HeldConversation[] }): HeldConversation[] {
  const byId = new Map<string, HeldConversation>();
  for (const conversation of [...held.fromSnapshot, ...held.fromStore]) if (!byId.has(conversation.conversationId)) byId.set(conversation.conversationId, conversation);
  return [...byId.values()];
}

/**
 * The recent conversations in the agent's working memory (`memory/working.json`, where the CLI, the server and
 * the MCP server keep it, or the `workingMemory` store the engine was given: Redis, in process) that hold every
 * word of a forget description. recall_memories shows them beside
 * long-term memories, but a forget by description searched long-term memory only: "my bank PIN" said in a
 * conversation was recalled, and forget_memory answered that nothing matched (the round 14 probe). A
 * conversation holds more than the one thing, so it is only ever offered to confirm, never deleted at once.
 *
 * @example
 * await conversationsSaying(memory, 'my bank PIN'); // [{ id: 'c-1795…', content: 'user: my bank PIN is …', why: '…' }]
 */
export async function conversationsSaying(memory: Hippocampus, description: string): Promise<ConversationCandidate[]> {
  return distinct(await conversationsOf(memory))
    .filter((conversation) => holdsEveryWord(conversation.fullText, description))
    .map((conversation) => ({
      id: conversation.conversationId,
      content: conversation.fullText.slice(0, EXCERPT_CHARS),
      why: 'a recent conversation in working memory holding every word of the description (the whole conversation goes)',
    }));
}

/**
 * Which of these ids name conversations in the agent's working memory (snapshot or given store), read once, and
 * the forget of exactly those: it drops them from the snapshot and the given store, and answers the ids dropped.
 *
 * @example
 * const named = await conversationsNamed(memory, ['c-1795', '01J…']); // named.ids: ['c-1795']
 * await named.forget(); // ['c-1795']
 */
export async function conversationsNamed(memory: Hippocampus, ids: readonly string[]): Promise<{ ids: string[]; forget(): Promise<string[]> }> {
  const held = await conversationsOf(memory);
  const known = new Set(distinct(held).map((conversation) => conversation.conversationId));
  const named = ids.filter((id) => known.has(id));
  const wanted = new Set(named);
  return {
    ids: named,
    async forget() {
      const texts = new Set(held.fromSnapshot.filter((conversation) => wanted.has(conversation.conversationId)).map((conversation) => conversation.fullText));
      const dropped = new Set(texts.size === 0 ? [] : dropFromWorkingSnapshot(held.root, (fullText) => texts.has(fullText)));
      for (const conversation of held.fromStore) {
        if (wanted.has(conversation.conversationId) && (await memory.workingMemory!.delete({ agentId: memory.agentId }, conversation.conversationId))) dropped.add(conversation.conversationId);
      }
      return [...dropped];
    },
  };
}
