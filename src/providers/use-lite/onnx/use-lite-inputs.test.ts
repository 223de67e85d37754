import { describe, expect, it } from 'vitest';
import { packTokens } from './use-lite-inputs.ts';

describe('packTokens', () => {
  it('packs tokens text after text and maps each to its slot of the padded grid', () => {
    const inputs = packTokens([[7, 8], [9], [4, 5, 6]]);
    expect({ batch: inputs.batch, length: inputs.length }).toEqual({ batch: 3, length: 3 });
    expect(Array.from(inputs.ids)).toEqual([7, 8, 9, 4, 5, 6]);
    expect(Array.from(inputs.positions)).toEqual([0, 1, 0, 0, 1, 2]);
    expect(Array.from(inputs.slots)).toEqual([0, 1, 3, 6, 7, 8]);
    // Padding slots (2, 4, 5) point at token 0 and are masked.
    expect(Array.from(inputs.tokenOfSlot)).toEqual([0, 1, 0, 2, 0, 0, 3, 4, 5]);
    expect(Array.from(inputs.mask)).toEqual([1, 1, 0, 1, 0, 0, 1, 1, 1]);
  });
});
