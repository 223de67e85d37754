import { describe, expect, it } from 'vitest';
import { QUESTION_SHAPES, SHAPE_CUES, questionShape } from './question-shape.ts';
import { QUESTION_SHAPE_PHRASINGS } from './fixtures/question-shape-phrasings.ts';

describe('the shape of a question', () => {
  it('asks for an inference with would, might, likely, probably, possibly, seem or "do you think"', () => {
    expect(questionShape('Would Caroline still want to pursue counseling?')).toBe('inference');
    expect(questionShape("What might John's degree be in?")).toBe('inference');
    expect(questionShape('Is it likely that Nate has friends besides Joanna?')).toBe('inference');
    expect(questionShape("Wouldn't Melanie rather go camping?")).toBe('inference');
    expect(questionShape('Is it possible that Ben owns a boat?')).toBe('inference');
    expect(questionShape('Does Ana seem happy at her new job?')).toBe('inference');
    expect(questionShape('Do you think Ben enjoys hiking?')).toBe('inference');
  });

  it('asks for a list when it gathers what was done over time', () => {
    expect(questionShape('What has Melanie painted?')).toBe('list');
    expect(questionShape('Where has Maria made friends?')).toBe('list');
    expect(questionShape('How many hikes has Joanna been on?')).toBe('list');
    expect(questionShape('In what towns has Ben lived?')).toBe('list');
    expect(questionShape('Name the plays Ana has acted in.')).toBe('list');
    expect(questionShape('What are all the sports Ben plays?')).toBe('list');
  });

  it('is neither for a question about one fact, a request to the listener, a count of what someone has, nor the month of May', () => {
    expect(questionShape('What did Caroline paint in May 2023?')).toBeNull();
    expect(questionShape('What pets does Melanie have?')).toBeNull();
    expect(questionShape('When did Melanie go camping?')).toBeNull();
    expect(questionShape('What is the likelihood function?')).toBeNull();
    expect(questionShape('Could you tell me where Ana parked?')).toBeNull();
    expect(questionShape('Would you show me what Ben wrote?')).toBeNull();
    expect(questionShape('How many cars does Ben own?')).toBeNull();
    // Tried and not kept (nested cross-validation on LoCoMo chose them in no fold): "could", "which … has".
    expect(questionShape('Could Ana be a teacher?')).toBeNull();
    expect(questionShape('Which hotel has a rooftop pool?')).toBeNull();
  });

  it('reads only the cues it is given', () => {
    expect(questionShape('Would Ana like jazz?', [])).toBeNull();
    expect(questionShape('Would Ana like jazz?', SHAPE_CUES.filter((cue) => cue.name !== 'would'))).toBeNull();
    expect(questionShape('What might Ana have painted?', SHAPE_CUES.filter((cue) => cue.shape === 'list'))).toBe('list');
  });

  // Phrasings written without LoCoMo and committed before the rules were measured on them (the fixture's own
  // comment). The rules as first written found inference 20 of 24 (precision 20/21) and list 17 of 22
  // (precision 17/21); the general-English fixes that followed are in-sample for this set.
  it.each(QUESTION_SHAPES)('finds %s questions written without LoCoMo with precision of at least 0.85 and recall of at least 0.8', (shape) => {
    const found = QUESTION_SHAPE_PHRASINGS.filter((phrasing) => questionShape(phrasing.question) === shape);
    const right = found.filter((phrasing) => phrasing.shape === shape).length;
    const asked = QUESTION_SHAPE_PHRASINGS.filter((phrasing) => phrasing.shape === shape).length;
    expect(right / found.length).toBeGreaterThanOrEqual(0.85);
    expect(right / asked).toBeGreaterThanOrEqual(0.8);
  });
});
