import nlp from 'compromise';
import { ValidationError } from '../errors/index.ts';
import { extractEntities } from '../nlp/entities.ts';
import { extractKeywords, extractTopics } from '../nlp/keywords.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { WorkingConversationInput, WorkingMemoryQuery } from '../spec/working-memory-store.ts';
import { checkConversationSize } from './store-rules.ts';

export interface ConversationTurn {
  /** 'user', 'assistant', 'system', or any speaker label. */
  role: string;
  content: string;
}

interface DescribeConversationBase {
  conversationId: string;
  /** Optional: the store fills it from the scope. */
  agentId?: string;
  /** Epoch milliseconds or a Date. */
  timestamp: number | Date;
}

export type DescribeConversationInput = DescribeConversationBase &
  ({ turns: ConversationTurn[]; fullText?: undefined } | { fullText: string; turns?: undefined });

export interface FeatureLimits {
  /** Most frequently mentioned entities kept; default 20. */
  entities?: number;
  /** Default 8. */
  topics?: number;
  /** Default 20. */
  keywords?: number;
}

const DEFAULT_LIMITS = { entities: 20, topics: 8, keywords: 20 } as const;

// A transcript pasted as text usually labels its speakers; these are the labels
// we recognise so the first *user* turn can be found and labels are not
// mistaken for entities.
const SPEAKER_LABEL = /^\s*(user|human|me|customer|assistant|ai|bot|agent|system)\s*:\s?/i;
const USER_LABELS = new Set(['user', 'human', 'me', 'customer']);

/** Splits a labelled transcript into turns; unlabelled text is one user turn. */
export function parseTranscript(fullText: string): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  for (const line of fullText.split(/\r?\n/)) {
    const label = SPEAKER_LABEL.exec(line);
    const last = turns[turns.length - 1];
    if (label) turns.push({ role: label[1]!.toLowerCase(), content: line.slice(label[0].length) });
    else if (last) last.content += `\n${line}`;
    else if (line.trim() !== '') turns.push({ role: 'user', content: line });
  }
  return turns.map((turn) => ({ role: turn.role, content: turn.content.trim() }));
}

function isUserRole(role: string): boolean {
  return USER_LABELS.has(role.toLowerCase());
}

// Greetings and softeners in front of a request ("Hey, so please ...") hide
// the verb compromise needs to see the imperative.
const LEADING_FILLER = /^(?:(?:hi|hey|hello|ok|okay|so|um|uh|well|please|alright|right)\b[\s,!.:-]*)+/i;
const REQUEST_OPENING =
  /^(?:please\b|i(?:'d| would) (?:like|love)\b|i want\b|i need\b|i(?:'m| am) (?:looking for|trying to)\b|help me\b|let'?s\b|i was wondering\b)/i;

function isRequest(sentence: string): boolean {
  if (sentence.endsWith('?')) return true;
  const stripped = sentence.replace(LEADING_FILLER, '').trim();
  if (stripped === '') return false;
  if (REQUEST_OPENING.test(sentence.trim()) || REQUEST_OPENING.test(stripped)) return true;
  const doc = nlp(stripped);
  return doc.has('^#Imperative') || doc.sentences().isQuestion().found;
}

/**
 * What the user asked for: the first sentence of their first turn that is a
 * question or a request (imperative, "please …", "I need …", "can you …").
 * Null when the first user turn asks for nothing ("Hi!").
 *
 * @example
 * detectUserIntent([{ role: 'user', content: 'Hi! Can you plan my Lisbon trip?' }]) // 'Can you plan my Lisbon trip?'
 */
export function detectUserIntent(turns: readonly ConversationTurn[]): string | null {
  const firstUserTurn = turns.find((turn) => isUserRole(turn.role) && turn.content.trim() !== '');
  if (!firstUserTurn) return null;
  const sentences = nlp(firstUserTurn.content).sentences().out('array') as string[];
  for (const sentence of sentences) {
    const trimmed = sentence.trim();
    if (trimmed !== '' && isRequest(trimmed)) return trimmed;
  }
  return null;
}

// Whole-word, as written: "May" the month is not counted in "you may", nor "Day" in "days".
function mentions(text: string, name: string): number {
  if (name === '') return 0;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.match(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'))?.length ?? 0;
}

/** Entity names, most mentioned first (first mention breaks ties), at most `limit`. */
export function keyEntitiesOf(text: string, limit: number = DEFAULT_LIMITS.entities): string[] {
  return extractEntities(text)
    .map((entity, order) => ({ name: entity.name, order, count: mentions(text, entity.name) }))
    .sort((left, right) => right.count - left.count || left.order - right.order)
    .slice(0, limit)
    .map((entity) => entity.name);
}

async function embedOne(embedder: Embedder, text: string): Promise<Float32Array> {
  const { embeddings } = await embedder.doEmbed({ values: [text] });
  const embedding = embeddings[0];
  if (!embedding) {
    throw new ValidationError({ code: 'EMBEDDING_ERROR', message: `Embedder ${embedder.provider}/${embedder.modelId} returned no embedding` });
  }
  return embedding;
}

export { checkConversationSize, WORKING_MEMORY_LIMITS } from './store-rules.ts';

/**
 * Turns a finished conversation into a working-memory entry: the transcript,
 * its embedding, key entities, topics, keywords and the user's request.
 * Speaker labels are kept in `fullText` but left out of what is analysed. A transcript over
 * `WORKING_MEMORY_LIMITS.conversation` bytes is CONTENT_TOO_LARGE.
 *
 * @example
 * const conversation = await describeConversation(
 *   { conversationId: 'c1', timestamp: Date.now(), turns: [
 *     { role: 'user', content: 'Can you compare Postgres and SQLite for our billing service?' },
 *     { role: 'assistant', content: 'For billing, Postgres gives you ...' },
 *   ] },
 *   createHashEmbedder(),
 * );
 * await workingMemory.store({ agentId: 'support-bot' }, conversation);
 */
export async function describeConversation(
  input: DescribeConversationInput,
  embedder: Embedder,
  limits: FeatureLimits = {},
): Promise<WorkingConversationInput> {
  if (typeof input.conversationId !== 'string' || input.conversationId === '') {
    throw new ValidationError({ message: 'conversationId must be a non-empty string', issues: [{ path: 'conversationId', message: 'required' }] });
  }
  const fullText = input.turns ? input.turns.map((turn) => `${turn.role}: ${turn.content}`).join('\n') : input.fullText;
  if (typeof fullText !== 'string') throw new ValidationError({ message: 'A conversation is given as turns or as fullText, a string', issues: [{ path: 'fullText', message: 'must be a string' }] });
  checkConversationSize(fullText);
  const turns = input.turns ?? parseTranscript(input.fullText);
  const spoken = turns.map((turn) => turn.content).join('\n\n');
  const timestamp = input.timestamp instanceof Date ? input.timestamp.getTime() : input.timestamp;
  return {
    conversationId: input.conversationId,
    ...(input.agentId === undefined ? {} : { agentId: input.agentId }),
    timestamp,
    fullText,
    embedding: await embedOne(embedder, spoken),
    keyEntities: keyEntitiesOf(spoken, limits.entities ?? DEFAULT_LIMITS.entities),
    topics: extractTopics(spoken, limits.topics ?? DEFAULT_LIMITS.topics),
    keywords: extractKeywords(spoken, limits.keywords ?? DEFAULT_LIMITS.keywords),
    userIntent: detectUserIntent(turns),
    consolidatedAt: null,
  };
}

/**
 * Fills in whatever a search query left out, derived from its `text`: the
 * embedding (when an embedder is given), entities, topics and keywords.
 * Fields the caller set are kept as they are.
 *
 * @example
 * const query = await describeQuery({ text: 'what did Priya say about the Lisbon offsite?' }, embedder);
 * await workingMemory.search({ agentId: 'planner' }, query);
 */
export async function describeQuery(
  query: WorkingMemoryQuery,
  embedder?: Embedder,
  limits: FeatureLimits = {},
): Promise<WorkingMemoryQuery> {
  const text = query.text?.trim() ?? '';
  if (text === '') return query;
  return {
    ...query,
    embedding: query.embedding ?? (embedder ? await embedOne(embedder, text) : undefined),
    entities: query.entities ?? keyEntitiesOf(text, limits.entities ?? DEFAULT_LIMITS.entities),
    topics: query.topics ?? extractTopics(text, limits.topics ?? DEFAULT_LIMITS.topics),
    keywords: query.keywords ?? extractKeywords(text, limits.keywords ?? DEFAULT_LIMITS.keywords),
  };
}
