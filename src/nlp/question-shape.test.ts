import { describe, expect, it } from 'vitest';
import { questionShape } from './question-shape.ts';

describe('the shape of a question', () => {
  it('asks for an inference with would, might, likely or probably', () => {
    expect(questionShape('Would Caroline still want to pursue counseling?')).toBe('inference');
    expect(questionShape("What might John's degree be in?")).toBe('inference');
    expect(questionShape('Is it likely that Nate has friends besides Joanna?')).toBe('inference');
    expect(questionShape("Wouldn't Melanie rather go camping?")).toBe('inference');
  });

  it('asks for a list when it gathers what was done over time', () => {
    expect(questionShape('What has Melanie painted?')).toBe('list');
    expect(questionShape('Where has Maria made friends?')).toBe('list');
    expect(questionShape('How many hikes has Joanna been on?')).toBe('list');
  });

  it('is neither for a question about one fact, nor for the month of May', () => {
    expect(questionShape('What did Caroline paint in May 2023?')).toBeNull();
    expect(questionShape('What pets does Melanie have?')).toBeNull();
    expect(questionShape('When did Melanie go camping?')).toBeNull();
    expect(questionShape('What is the likelihood function?')).toBeNull();
  });
});
