import { CONTENT_SIGNAL_LEVEL } from '../core/importance.ts';
import type { MemoryKind } from '../spec/memory-record.ts';
import type { ConversationMessage } from './conversation-source.ts';

/** What a live memory is about: the person, the agent itself, the two of them, or the world around them. */
export const LIVE_DOMAINS = ['user', 'self', 'relationship', 'world'] as const;
export type LiveDomain = (typeof LIVE_DOMAINS)[number];

/** Initial importance by what the exchange signals (the levels, shared with calculateImportance). */
export const LIVE_IMPORTANCE = { ...CONTENT_SIGNAL_LEVEL, generalFact: 0.5 } as const;

/** A memory the analyzer proposes; the watcher reinforces a matching one or creates it. */
export interface LiveCandidate {
  domain: LiveDomain;
  category: string;
  content: string;
  /** Initial importance 0..1 (see LIVE_IMPORTANCE). */
  importance: number;
  /** How strongly it was said, 0..1: feeds the facts model's running intensity. */
  intensity: number;
  keywords: string[];
  kind: MemoryKind;
  /** The message it came from. */
  messageId: string;
  timestamp: number;
}

/** Turns a batch of messages into candidate memories. The offline one is the default. */
export interface LiveAnalyzer {
  readonly name: string;
  analyze(messages: ConversationMessage[]): Promise<LiveCandidate[]>;
}
