import { OnnxGraphBuilder } from './onnx-graph-builder.ts';
import type { DenseParameters, LayerNormParameters, TransformerLayerParameters, UseLiteParameters } from './use-lite-parameters.ts';

/** Names of the graph's inputs and output. */
export const USE_LITE_GRAPH = {
  /** int32 `[tokens]`: the token ids of every text, one text after another (at most 128 per text). */
  ids: 'ids',
  /** int32 `[tokens]`: each token's position in its text, 0 first. */
  positions: 'positions',
  /** int32 `[tokens]`: each token's slot in the `[batch, length]` grid, `text * length + position`. */
  slots: 'slots',
  /** int32 `[batch * length]`: the token in each slot of the grid; padding slots name any token (0). */
  tokenOfSlot: 'token_of_slot',
  /** float32 `[batch, length]`: 1 for a token, 0 for padding. Tokens come first in each row. */
  mask: 'mask',
  /** float32 `[batch, 512]`: the sentence vectors, unit length. */
  embeddings: 'embeddings',
} as const;

/** 18: the first opset where every Reduce op takes its axes as an input, as ReduceSum does since 13. */
const OPSET = 18;

/**
 * The USE-lite forward pass as an ONNX model, written op by op from the tfjs
 * graph in model.json rather than converted node by node. Most of that graph's
 * 317 nodes turn sparse ids dense (ClipToMaxLength, SparseToDense) and do shape
 * arithmetic for Tensordot; the caller does the first in JS and ONNX MatMul
 * broadcasts, so what is left is about 20 ops per layer.
 *
 * Like the tfjs graph, the per-token steps (projections, feed-forward, the
 * residual dense) run on the real tokens only, packed one text after another
 * (`[tokens, width]`); only attention sees the padded `[batch, length]` grid,
 * where padding keys get the -1e9 bias and so reach no real token. A batch of
 * texts of mixed length costs what its tokens cost, not batch × longest.
 *
 * Per token: twice the embedding plus a sin/cos position signal, then two
 * pre-norm layers (multi-head self-attention, ReLU feed-forward; layer 0's
 * residual goes through a dense 256→512), mean over the tokens, tanh dense,
 * l2 normalisation.
 */
export function buildUseLiteGraph(parameters: UseLiteParameters): Uint8Array {
  const graph = new OnnxGraphBuilder('use-lite');
  const ids = graph.input(USE_LITE_GRAPH.ids, 'int32', ['tokens']);
  const positions = graph.input(USE_LITE_GRAPH.positions, 'int32', ['tokens']);
  const slots = graph.input(USE_LITE_GRAPH.slots, 'int32', ['tokens']);
  const tokenOfSlot = graph.input(USE_LITE_GRAPH.tokenOfSlot, 'int32', ['grid']);
  const mask = graph.input(USE_LITE_GRAPH.mask, 'float32', ['batch', 'length']);
  const grid: Grid = { slots, tokenOfSlot, shape: graph.node('Shape', [mask], {}, 'grid_shape') };
  const one = graph.scalar('one', 1);
  // (1 - mask) * bias as [batch, 1, 1, length]: added to the scores of every query against padding keys.
  const padding = graph.node('Sub', [one, mask], {}, 'padding');
  const keyBias = graph.node('Unsqueeze', [graph.node('Mul', [padding, graph.scalar('padding_bias', parameters.paddingBias)]), graph.int64s('head_and_query_axes', [1, 2])], {}, 'key_bias');

  const embeddingRows = parameters.embeddings.length / parameters.embeddingWidth;
  const embedded = graph.node('Gather', [graph.initializer('token_embeddings', parameters.embeddings, [embeddingRows, parameters.embeddingWidth]), ids], { axis: { int: 0 } });
  const signal = graph.node('Gather', [graph.initializer('position_signal', positionSignal(parameters), [parameters.maxTokens, parameters.embeddingWidth]), positions], { axis: { int: 0 } });
  // The tfjs graph adds the position signal to a copy of the embeddings and then adds the
  // embeddings once more (Layer_0/add), so the input is emb + (emb + signal), in that order.
  let hidden = graph.node('Add', [embedded, graph.node('Add', [embedded, signal])], {}, 'layer_0_input');

  parameters.layers.forEach((layer, index) => {
    hidden = transformerLayer(graph, `layer_${index}`, layer, hidden, { grid, keyBias, epsilon: parameters.layerNormEpsilon });
  });

  // Mean over the real tokens: mask [batch, 1, length] @ hidden [batch, length, width], divided by the count (at least 1).
  const width = parameters.head.inputs;
  const summed = graph.node('MatMul', [graph.node('Unsqueeze', [mask, graph.int64s('middle_axis', [1])]), toGrid(graph, grid, hidden, width)]);
  const sum = graph.node('Reshape', [summed, graph.int64s('rows', [-1, width])]);
  const count = graph.node('Max', [graph.node('ReduceSum', [mask, graph.int64s('token_axis', [1])], { keepdims: { int: 1 } }), one]);
  const pooled = graph.node('Div', [sum, count], {}, 'pooled');
  const projected = graph.node('Tanh', [dense(graph, 'head', parameters.head, pooled)]);
  const squaredNorm = graph.node('Max', [graph.node('ReduceSumSquare', [projected, graph.int64s('feature_axis', [1])], { keepdims: { int: 1 } }), graph.scalar('normalize_floor', parameters.normalizeFloor)]);
  graph.node('Div', [projected, graph.node('Sqrt', [squaredNorm])], {}, USE_LITE_GRAPH.embeddings);
  graph.output(USE_LITE_GRAPH.embeddings, 'float32', ['batch', width]);
  return graph.toModel({ opset: OPSET });
}

/** How packed tokens map to the padded `[batch, length]` grid attention needs. */
interface Grid {
  slots: string;
  tokenOfSlot: string;
  /** `[batch, length]` as an int64 tensor. */
  shape: string;
}

interface LayerContext {
  grid: Grid;
  keyBias: string;
  epsilon: number;
}

/** `[tokens, width]` → `[batch, length, width]`; padding slots get some token's values, which attention masks. */
function toGrid(graph: OnnxGraphBuilder, grid: Grid, packed: string, width: number): string {
  const shape = graph.node('Concat', [grid.shape, graph.int64s(`grid_width_${width}`, [width])], { axis: { int: 0 } });
  return graph.node('Reshape', [graph.node('Gather', [packed, grid.tokenOfSlot], { axis: { int: 0 } }), shape]);
}

/** `[batch, length, width]` → `[tokens, width]`, real tokens only. */
function toPacked(graph: OnnxGraphBuilder, grid: Grid, padded: string, width: number): string {
  const rows = graph.node('Reshape', [padded, graph.int64s(`grid_rows_${width}`, [-1, width])]);
  return graph.node('Gather', [rows, grid.slots], { axis: { int: 0 } });
}

function transformerLayer(graph: OnnxGraphBuilder, name: string, layer: TransformerLayerParameters, input: string, context: LayerContext): string {
  const attended = selfAttention(graph, name, layer, layerNorm(graph, `${name}_attention_norm`, layer.attentionNorm, input, context.epsilon), context);
  const residual = layer.residual === undefined ? input : dense(graph, `${name}_residual`, layer.residual, input);
  const afterAttention = graph.node('Add', [attended, residual], {}, `${name}_after_attention`);
  const normalized = layerNorm(graph, `${name}_feed_forward_norm`, layer.feedForwardNorm, afterAttention, context.epsilon);
  const expanded = graph.node('Relu', [dense(graph, `${name}_feed_forward_in`, layer.feedForwardIn, normalized)]);
  return graph.node('Add', [dense(graph, `${name}_feed_forward_out`, layer.feedForwardOut, expanded), afterAttention], {}, `${name}_output`);
}

/** Packed tokens in, packed tokens out; the grid only in between. */
function selfAttention(graph: OnnxGraphBuilder, name: string, layer: TransformerLayerParameters, input: string, { grid, keyBias }: LayerContext): string {
  const width = layer.queryKeyValue.inputs;
  const headSize = width / layer.heads;
  const queryKeyValue = toGrid(graph, grid, dense(graph, `${name}_qkv`, layer.queryKeyValue, input), 3 * width);
  const [query, key, value] = graph.nodeWithOutputs('Split', [queryKeyValue, graph.int64s(`${name}_qkv_split`, [width, width, width])], 3, { axis: { int: -1 } }, `${name}_qkv`) as [string, string, string];
  const headShape = graph.int64s(`${name}_head_shape`, [0, 0, layer.heads, headSize]);
  const heads = (tensor: string, perm: number[]) => graph.node('Transpose', [graph.node('Reshape', [tensor, headShape])], { perm: { ints: perm } });
  // [batch, heads, length, size]; keys as [batch, heads, size, length] so scores are one MatMul.
  const queries = graph.node('Mul', [heads(query, [0, 2, 1, 3]), graph.scalar(`${name}_query_scale`, layer.queryScale)]);
  const scores = graph.node('Add', [graph.node('MatMul', [queries, heads(key, [0, 2, 3, 1])]), keyBias]);
  const weights = graph.node('Softmax', [scores], { axis: { int: -1 } });
  const context = graph.node('Transpose', [graph.node('MatMul', [weights, heads(value, [0, 2, 1, 3])])], { perm: { ints: [0, 2, 1, 3] } });
  const combined = graph.node('Reshape', [context, graph.int64s(`${name}_combined_shape`, [0, 0, width])]);
  return dense(graph, `${name}_attention_output`, layer.attentionOutput, toPacked(graph, grid, combined, width));
}

function layerNorm(graph: OnnxGraphBuilder, name: string, norm: LayerNormParameters, input: string, epsilon: number): string {
  const size = norm.scale.length;
  return graph.node(
    'LayerNormalization',
    [input, graph.initializer(`${name}_scale`, norm.scale, [size]), graph.initializer(`${name}_bias`, norm.bias, [size])],
    { axis: { int: -1 }, epsilon: { float: epsilon } },
    name,
  );
}

function dense(graph: OnnxGraphBuilder, name: string, parameters: DenseParameters, input: string): string {
  const product = graph.node('MatMul', [input, graph.initializer(`${name}_kernel`, parameters.kernel, [parameters.inputs, parameters.outputs])]);
  return graph.node('Add', [product, graph.initializer(`${name}_bias`, parameters.bias, [parameters.outputs])], {}, name);
}

/**
 * `[maxTokens, width]`: row p is sin(p·f) then cos(p·f) for the model's
 * frequencies f. The product is rounded to float32 first, as the tfjs graph
 * multiplies float32 tensors before Sin and Cos.
 */
function positionSignal({ maxTokens, inverseTimescales, embeddingWidth }: UseLiteParameters): Float32Array {
  const table = new Float32Array(maxTokens * embeddingWidth);
  const half = inverseTimescales.length;
  for (let position = 0; position < maxTokens; position += 1) {
    for (let index = 0; index < half; index += 1) {
      const angle = Math.fround(position * inverseTimescales[index]!);
      table[position * embeddingWidth + index] = Math.sin(angle);
      table[position * embeddingWidth + half + index] = Math.cos(angle);
    }
  }
  return table;
}
