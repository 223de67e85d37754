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

function conversationsOf(memory: Hippocampus) {
  const root = agentPaths(memory.home, memory.agentId).root;
  return { root, conversations: fs.existsSync(workingSnapshotFile(root)) ? snapshotConversations(root) : [] };
}

/**
 * The recent conversations in the agent's working memory (`memory/working.json`, where the CLI, the server and
 * the MCP server keep it) that hold every word of a forget description. recall_memories shows them beside
 * long-term memories, but a forget by description searched long-term memory only: "my bank PIN" said in a
 * conversation was recalled, and forget_memory answered that nothing matched (the round 14 probe). A
 * conversation holds more than the one thing, so it is only ever offered to confirm, never deleted at once.
 *
 * @example
 * await conversationsSaying(memory, 'my bank PIN'); // [{ id: 'c-1795…', content: 'user: my bank PIN is …', why: '…' }]
 */
export function conversationsSaying(memory: Hippocampus, description: string): ConversationCandidate[] {
  return conversationsOf(memory)
    .conversations.filter((conversation) => holdsEveryWord(conversation.fullText, description))
    .map((conversation) => ({
      id: conversation.conversationId,
      content: conversation.fullText.slice(0, EXCERPT_CHARS),
      why: 'a recent conversation in working memory holding every word of the description (the whole conversation goes)',
    }));
}

/** Which of these ids name conversations in the agent's working-memory snapshot. */
export function conversationIdsAmong(memory: Hippocampus, ids: readonly string[]): string[] {
  const known = new Set(conversationsOf(memory).conversations.map((conversation) => conversation.conversationId));
  return ids.filter((id) => known.has(id));
}

/** Drops these conversations from the agent's working-memory snapshot; returns the ids dropped. */
export function forgetConversations(memory: Hippocampus, ids: readonly string[]): string[] {
  const { root, conversations } = conversationsOf(memory);
  const wanted = new Set(ids);
  const texts = new Set(conversations.filter((conversation) => wanted.has(conversation.conversationId)).map((conversation) => conversation.fullText));
  return texts.size === 0 ? [] : dropFromWorkingSnapshot(root, (fullText) => texts.has(fullText));
}
