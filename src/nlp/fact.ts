export type FactPolarity = 'positive' | 'negative' | 'neutral';

/** The structure of a third-person fact: who, what relation, to what, and whether it is affirmed. */
export interface FactStructure {
  /** The fact as stored: "User lives in Lisbon". */
  fact: string;
  /** Lower-case: "user", "user's sister", "user's team". */
  subject: string;
  /** snake_case relation: "lives_in", "likes", "name", "try". */
  predicate: string;
  /** As written in the fact: "Lisbon", "a new café on Sukhumvit". */
  object: string;
  /** Likes are positive, dislikes and negated facts negative, plain statements neutral. */
  polarity: FactPolarity;
}

/** A fact read out of a user's message without an LLM. */
export interface ExtractedFact extends FactStructure {
  /** How strongly it was held when said, 0..1 (see intensity.ts). */
  intensity: number;
  keywords: string[];
  /** Names of the entities mentioned in the statement. */
  entities: string[];
}
