import { describe, expect, it } from 'vitest';
import { asksForInference } from './question-inference.ts';

describe('a question that asks for an inference', () => {
  it('is told by would, might, likely and probably', () => {
    expect(asksForInference('Would Caroline still want to pursue counseling?')).toBe(true);
    expect(asksForInference("What might John's degree be in?")).toBe(true);
    expect(asksForInference('Is it likely that Nate has friends besides Joanna?')).toBe(true);
    expect(asksForInference("Wouldn't Melanie rather go camping?")).toBe(true);
  });

  it('is not a question about a fact said, nor one naming the month of May', () => {
    expect(asksForInference('What did Caroline paint in May 2023?')).toBe(false);
    expect(asksForInference('When did Melanie go camping?')).toBe(false);
    expect(asksForInference('What is the likelihood function?')).toBe(false);
  });
});
