import { z } from 'zod';
import { generateJson } from '../providers/generate-json.ts';
import type { LlmClient } from '../spec/llm-client.ts';
import type { ConversationMessage } from './conversation-source.ts';
import { LIVE_DOMAINS, type LiveAnalyzer, type LiveCandidate } from './live-candidate.ts';

/** The answer the model must give for one batch. */
export const liveAnalysisSchema = z.object({
  memories: z.array(
    z.object({
      messageId: z.string().min(1).describe('id of the message the memory comes from'),
      domain: z.enum(LIVE_DOMAINS),
      category: z.string().min(1).max(40).describe('preference, identity, emotion, moment, decision, project, person, instruction, fact, mention'),
      content: z.string().min(1).max(500).describe('one self-contained statement in the third person ("User prefers…", "The agent…")'),
      importance: z.number().min(0).max(1),
      keywords: z.array(z.string().min(1).max(40)).max(12),
    }),
  ),
});

const INSTRUCTIONS = `You are the hippocampus of an AI agent: from a batch of conversation messages, pick what is worth remembering long-term.
Domains: "user" facts about the person; "self" facts about the agent (its name, how it should behave); "relationship" moments of trust and shared context between them; "world" projects, people, decisions.
Initial importance: explicit "remember this" 0.9; emotional or vulnerable 0.85; preference or identity 0.8; decision 0.75; project/work context 0.6; general fact 0.5; passing mention 0.3.
Skip greetings, thanks, small talk, routine task chatter ("fix this test", "run it again"), questions, and anything said twice in the batch (keep it once).
Write each memory as one self-contained statement in the third person. Answer with JSON only.`;

function render(messages: readonly ConversationMessage[]): string {
  return messages.map((message) => JSON.stringify({ id: message.id, role: message.role, at: new Date(message.timestamp).toISOString(), content: message.content })).join('\n');
}

/**
 * The LLM analyzer: one call per batch with a JSON-schema'd answer (one repair
 * attempt on invalid JSON, then an error, so the batch is retried, not lost).
 * Memories naming a message that is not in the batch are dropped.
 *
 * @example
 * const analyzer = createLlmAnalyzer({ llm: createOpenAICompatibleChat({ baseURL: 'http://127.0.0.1:11434/v1', model: 'qwen2.5' }) });
 * createLiveWatcher({ memory, source, analyzer });
 */
export function createLlmAnalyzer(options: { llm: LlmClient; maxTokens?: number }): LiveAnalyzer {
  return {
    name: `llm:${options.llm.provider}/${options.llm.modelId}`,
    async analyze(messages) {
      if (messages.length === 0) return [];
      const { value } = await generateJson({
        llm: options.llm,
        name: 'live_memories',
        schema: liveAnalysisSchema,
        temperature: 0,
        ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: `Messages (one JSON object per line):\n${render(messages)}` },
        ],
      });
      const byId = new Map(messages.map((message) => [message.id, message]));
      return value.memories.flatMap((item): LiveCandidate[] => {
        const message = byId.get(item.messageId);
        if (!message) return [];
        const kind = item.domain === 'relationship' ? 'memory' : 'fact';
        return [{ domain: item.domain, category: item.category, content: item.content.trim(), importance: item.importance, intensity: item.importance, keywords: item.keywords, kind, messageId: message.id, timestamp: message.timestamp }];
      });
    },
  };
}
