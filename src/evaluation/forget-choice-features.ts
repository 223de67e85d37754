import type { Hippocampus } from '../memory/hippocampus.ts';
import { wordCloseness } from '../forget/clear-leader.ts';
import { ruleVerdict } from '../forget/forget-by-description.ts';
import { decisiveWords, headNoun, heldWords, wordForms } from '../forget/description-words.ts';

/**
 * A calibrated decision tried for forgetting by description (issue #11 item 4, round 7) and not shipped:
 * when the rules are not sure, a logistic regression over what the matcher already reads — how close a
 * memory is in meaning and how far it leads the rest, how much of the description it holds (stemmed,
 * synonyms) and how close each word it lacks comes to one of its own (word embeddings), the description's
 * head noun likewise, how much of the memory the description covers, whether names agree, how many
 * memories sit as close — would delete the best-scored memory above the highest score a wrong choice
 * reached in fitting. Fitted and cross-validated by scenario in bench/forget-choice-fit.ts; held out it
 * added 1 right deletion and 2 wrong ones on 655 requests (docs/memory-model.md), so the rules decide alone.
 * Kept so that the result can be reproduced, and a better feature tried against the same folds.
 */
export const CHOICE_FEATURES = [
  'similarity',
  'lead over the closest other memory',
  'share of the description held',
  'mean closeness of its words',
  'least closeness of its words',
  'closeness lead over the next candidate',
  'share of the memory the description holds',
  'names a name or number',
  'names of its own',
  'memories within 0.1',
  'closeness of the head noun',
] as const;

/** A memory the rules judged, as this decision reads it. */
export interface ChoiceCandidate {
  id: string;
  content: string;
  similarity: number | null;
  /** How many content words of the description it holds. */
  held: number;
}

/** What a description says, as this decision reads it. */
export interface ChoiceDescription {
  text: string;
  terms: string[][];
  decisive: string[];
}

/** How many of the closest memories are scored. */
const SCORED = 3;
/** Memories this close below a candidate count as close rivals. */
const RIVAL_BAND = 0.1;

/** The closest memories by meaning, each with its features (CHOICE_FEATURES, in order). */
export async function choiceRows<T extends ChoiceCandidate>(memory: Hippocampus, field: readonly T[], description: ChoiceDescription): Promise<{ entry: T; features: number[] }[]> {
  const ranked = field.filter((entry) => entry.similarity !== null).sort((left, right) => right.similarity! - left.similarity!);
  const scored = ranked.slice(0, SCORED);
  const terms = description.terms;
  const descriptionForms = wordForms(description.text);
  const closeness = await Promise.all(scored.map((entry) => (terms.length === 0 ? Promise.resolve([0]) : wordCloseness(memory, entry.content, terms))));
  const meanOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const means = closeness.map(meanOf);
  const head = headNoun(description.text);
  const headForms = head === undefined ? [] : wordForms(head).slice(0, 1);
  const headCloseness = await Promise.all(scored.map((entry) => (headForms.length === 0 ? Promise.resolve([1]) : wordCloseness(memory, entry.content, headForms))));
  return scored.map((entry, at) => {
    const similarity = entry.similarity!;
    const others = ranked.filter((other) => other !== entry);
    const memoryForms = wordForms(entry.content);
    const memoryCovered = memoryForms.length === 0 ? 0 : heldWords(descriptionForms, memoryForms).length / memoryForms.length;
    const ownNames = Number(decisiveWords(entry.content).some((word) => !description.decisive.includes(word)));
    const features = [
      similarity,
      similarity - (others[0]?.similarity ?? 0),
      terms.length === 0 ? 0 : entry.held / terms.length,
      means[at]!,
      Math.min(...closeness[at]!),
      means[at]! - Math.max(0, ...means.filter((_, index) => index !== at)),
      memoryCovered,
      Number(description.decisive.length > 0),
      ownNames,
      others.filter((other) => other.similarity! >= similarity - RIVAL_BAND).length,
      headCloseness[at]![0]!,
    ];
    return { entry, features };
  });
}

/**
 * The rows of a description the rules are not sure of (null when they are): the closest memories that could
 * be the one meant, with their features, matched as `forgetByDescription` matches.
 */
export async function forgetChoiceRows(memory: Hippocampus, description: string): Promise<{ content: string; features: number[] }[] | null> {
  const { field, sure, read } = await ruleVerdict(memory, description);
  if (sure.length > 0) return null;
  return (await choiceRows(memory, field, read)).map((row) => ({ content: row.entry.content, features: row.features }));
}
