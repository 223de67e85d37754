/**
 * Procedural memory in the manner of Voyager: skills an agent learned, as
 * code it can run again, found by what a task needs and trusted by how often
 * they worked. Times are epoch milliseconds.
 */

export interface SkillScope {
  agentId: string;
}

export interface SkillParameter {
  name: string;
  type?: string;
  description?: string;
}

export interface Skill {
  id: string;
  agentId: string;
  /** Unique per agent: adding a skill under a known name rewrites it. */
  name: string;
  description: string;
  code: string;
  language: string;
  inputs: SkillParameter[];
  /** 1 for a new skill; each rewrite adds one. */
  version: number;
  /** Outcomes of the current version. */
  successCount: number;
  failureCount: number;
  lastUsedAt: number | null;
  /** What it was learned from: task, conversation or memory ids. */
  createdFrom: string[];
  createdAt: number;
  updatedAt: number;
}

export interface SkillInput {
  name: string;
  description: string;
  code: string;
  language: string;
  inputs?: SkillParameter[];
  createdFrom?: string[];
}

export type SkillRewrite = Partial<Pick<SkillInput, 'description' | 'code' | 'language' | 'inputs'>>;

/** One version of a skill as it was, with the outcomes it had. */
export interface SkillVersion {
  skillId: string;
  version: number;
  description: string;
  code: string;
  language: string;
  inputs: SkillParameter[];
  /** Why it was rewritten (null for version 1). */
  reason: string | null;
  createdAt: number;
  successCount: number;
  failureCount: number;
}

export interface SkillOutcome {
  skillId: string;
  version: number;
  success: boolean;
  notes: string | null;
  at: number;
}

export interface SkillMatch {
  skill: Skill;
  /** similarity × successRate. */
  score: number;
  /** Cosine similarity of the task to the skill's name and description, clamped to [0, 1]. */
  similarity: number;
  /** Laplace-smoothed: (successes + 1) / (successes + failures + 2); 0.5 for an untried skill. */
  successRate: number;
}

/** What `addSkill` did. */
export interface AddSkillResult {
  skill: Skill;
  /** 'created', 'rewritten' (a new version of the named skill), or 'unchanged' (same text as the current version). */
  status: 'created' | 'rewritten' | 'unchanged';
}

/** One agent's skill library. */
export interface SkillLibrary {
  addSkill(input: SkillInput): Promise<AddSkillResult>;
  /** A new version; counts restart, the old version and its outcomes stay in the history. */
  rewriteSkill(skillId: string, rewrite: SkillRewrite, reason?: string): Promise<Skill>;
  recordOutcome(skillId: string, success: boolean, notes?: string): Promise<Skill>;
  /** Best first by similarity × success rate. */
  findSkills(taskDescription: string, topK?: number): Promise<SkillMatch[]>;
  getSkill(skillId: string): Promise<Skill>;
  /** Oldest first. */
  versions(skillId: string): Promise<SkillVersion[]>;
  /** Newest first. */
  outcomes(skillId: string, limit?: number): Promise<SkillOutcome[]>;
}

/** A skill with the vector of its name and description, when one was computed. */
export interface StoredSkill {
  skill: Skill;
  embedding: Float32Array | null;
  embeddingModel: string | null;
}

/** Persistence of the skill library; the library adds embedding and ranking. */
export interface SkillStore {
  insert(scope: SkillScope, stored: StoredSkill): Promise<void>;
  /** Writes the skill's new current version and appends it to the history. */
  saveVersion(scope: SkillScope, stored: StoredSkill, reason: string | null): Promise<void>;
  get(scope: SkillScope, skillId: string): Promise<StoredSkill | null>;
  findByName(scope: SkillScope, name: string): Promise<StoredSkill | null>;
  list(scope: SkillScope): Promise<StoredSkill[]>;
  /** Counts the outcome against the current version; returns the updated skill, null when unknown. */
  recordOutcome(scope: SkillScope, skillId: string, success: boolean, notes: string | null, at: number): Promise<Skill | null>;
  versions(scope: SkillScope, skillId: string): Promise<SkillVersion[]>;
  outcomes(scope: SkillScope, skillId: string, limit: number): Promise<SkillOutcome[]>;
}
