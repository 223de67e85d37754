/** The inputs of the USE-lite ONNX graph for one batch (see USE_LITE_GRAPH for each one's meaning). */
export interface UseLiteInputs {
  ids: Int32Array;
  positions: Int32Array;
  slots: Int32Array;
  tokenOfSlot: Int32Array;
  mask: Float32Array;
  /** Texts in the batch. */
  batch: number;
  /** The longest text's token count: the width of the padded grid. */
  length: number;
}

/**
 * Packs the token ids of a batch one text after another and maps them to the
 * padded `[batch, length]` grid. Padding slots point at token 0: attention
 * masks them, so any real values will do. Every text needs at least one token.
 *
 * @example
 * packTokens([[7, 8], [9]]);
 * // ids [7, 8, 9], positions [0, 1, 0], slots [0, 1, 2], tokenOfSlot [0, 1, 2, 0], mask [1, 1, 1, 0]
 */
export function packTokens(tokens: readonly (readonly number[])[]): UseLiteInputs {
  const length = Math.max(1, ...tokens.map((row) => row.length));
  const total = tokens.reduce((sum, row) => sum + row.length, 0);
  const inputs: UseLiteInputs = {
    ids: new Int32Array(total),
    positions: new Int32Array(total),
    slots: new Int32Array(total),
    tokenOfSlot: new Int32Array(tokens.length * length),
    mask: new Float32Array(tokens.length * length),
    batch: tokens.length,
    length,
  };
  let token = 0;
  tokens.forEach((row, text) => {
    row.forEach((id, position) => {
      const slot = text * length + position;
      inputs.ids[token] = id;
      inputs.positions[token] = position;
      inputs.slots[token] = slot;
      inputs.tokenOfSlot[slot] = token;
      inputs.mask[slot] = 1;
      token += 1;
    });
  });
  return inputs;
}
