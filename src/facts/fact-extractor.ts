/** A fact read out of a message, before it is recognised against what is already known. */
export interface CandidateFact {
  /** Third person, one statement: "User strongly dislikes Redux". */
  fact: string;
  /**
   * How strongly it was held when said, 0..1: casual aside 0.1–0.2, clear mild
   * opinion 0.3–0.5, strong conviction or emotional charge 0.6–0.8, sustained
   * identity-level 0.85–1.0.
   */
  intensity: number;
}

/** Reads facts out of text: the offline rules by default, an LLM when one is configured. */
export interface FactExtractor {
  readonly kind: 'offline' | 'llm';
  extract(text: string): Promise<CandidateFact[]>;
}
