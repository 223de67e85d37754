import { useLiteError } from '../use-lite-error.ts';
import type { UseLiteWeight } from './use-lite-model-files.ts';

/** A dense layer: `x @ kernel + bias`, kernel `[inputs, outputs]` row-major. */
export interface DenseParameters {
  kernel: Float32Array;
  bias: Float32Array;
  inputs: number;
  outputs: number;
}

export interface LayerNormParameters {
  scale: Float32Array;
  bias: Float32Array;
}

/** One KonaTransformer layer: pre-norm self-attention, then a pre-norm ReLU feed-forward block. */
export interface TransformerLayerParameters {
  attentionNorm: LayerNormParameters;
  /** q, k and v side by side in one 1x1 convolution kernel. */
  queryKeyValue: DenseParameters;
  heads: number;
  /** Multiplies the queries: 1/sqrt(head size). */
  queryScale: number;
  attentionOutput: DenseParameters;
  /** Layer 0 widens its input (256 to 512) for the residual connection. */
  residual: DenseParameters | undefined;
  feedForwardNorm: LayerNormParameters;
  feedForwardIn: DenseParameters;
  feedForwardOut: DenseParameters;
}

/** The numbers of USE-lite's forward pass, named by what they do rather than by their tfjs node. */
export interface UseLiteParameters {
  /** `[vocabulary, width]`: one row per token id. */
  embeddings: Float32Array;
  embeddingWidth: number;
  /** Tokens past this many per text are dropped (ClipToMaxLength). */
  maxTokens: number;
  /** The frequencies of the sin/cos position signal (half the embedding width). */
  inverseTimescales: Float32Array;
  layerNormEpsilon: number;
  /** Added to attention scores of padding keys. */
  paddingBias: number;
  layers: TransformerLayerParameters[];
  /** The tanh projection after mean pooling. */
  head: DenseParameters;
  /** Floor of the squared norm in the final l2 normalisation. */
  normalizeFloor: number;
}

const ENCODE = 'module_apply_default/Encoder_en/KonaTransformer/Encode/';
const STACK = `${ENCODE}TransformerStack/`;
const KERNELS = 'module/Encoder_en/KonaTransformer/Encode/';

/**
 * Picks the weights of each step out of the tfjs weight map by the node names
 * of model.json, checking every shape, and the graph's constants (scales,
 * epsilon, the padding bias, the 128-token clip) from the same map rather than
 * copies of them. A model package whose graph differs fails here, by name.
 */
export function useLiteParameters(weights: ReadonlyMap<string, UseLiteWeight>): UseLiteParameters {
  const read = reader(weights);
  const embeddingShape = read.weight('module/Embeddings_en').shape;
  const embeddingWidth = embeddingShape[1]!;
  const inverseTimescales = read.floats(`${STACK}Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`, [1, embeddingWidth / 2]);
  const layers = [0, 1].map((index) => layerParameters(read, index, index === 0 ? embeddingWidth : undefined));
  const width = layers[1]!.attentionOutput.outputs;
  return {
    embeddings: read.floats('module/Embeddings_en', [embeddingShape[0]!, embeddingWidth]),
    embeddingWidth,
    maxTokens: read.scalar('module_apply_default/Encoder_en/KonaTransformer/ClipToMaxLength/Less/y'),
    inverseTimescales,
    layerNormEpsilon: read.scalar(`${STACK}Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x`),
    paddingBias: read.scalar(`${STACK}Layer_1/TransformerLayer/MultiheadAttention/DotProductAttention/attention_bias_ignore_padding/mul/y`),
    layers,
    head: {
      kernel: read.floats('module/Encoder_en/hidden_layers/tanh_layer_0/weights', [width, width]),
      bias: read.floats('module/Encoder_en/hidden_layers/tanh_layer_0/bias', [width]),
      inputs: width,
      outputs: width,
    },
    normalizeFloor: read.scalar('module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y'),
  };
}

function layerParameters(read: Reader, index: number, residualInputs: number | undefined): TransformerLayerParameters {
  const layer = `${ENCODE}Layer_${index}/TransformerLayer/`;
  const inStack = `${STACK}Layer_${index}/TransformerLayer/`;
  const qkvShape = read.weight(`${KERNELS}Layer_${index}/TransformerLayer/MultiheadAttention/qkv_transform_single/kernel/part_0`).shape;
  const width = qkvShape[2]!;
  const headSize = read.scalar(`${inStack}MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/3`);
  const outputShape = read.weight(`${KERNELS}Layer_${index}/TransformerLayer/MultiheadAttention/output_transform_single/kernel/part_0`).shape;
  const hidden = outputShape[3]!;
  const feedForwardShape = read.weight(`${inStack}FFN/conv1/Tensordot/Reshape_1`).shape;
  const conv = (name: string, kernelName: string, inputs: number, outputs: number): DenseParameters => ({
    kernel: read.floats(kernelName, [1, 1, inputs, outputs]),
    bias: read.floats(`${layer}MultiheadAttention/${name}/bias/ConcatPartitions/concat`, [outputs]),
    inputs,
    outputs,
  });
  const dense = (kernelName: string, biasName: string, inputs: number, outputs: number): DenseParameters => ({
    kernel: read.floats(kernelName, [inputs, outputs]),
    bias: read.floats(biasName, [outputs]),
    inputs,
    outputs,
  });
  const norm = (prefix: string, size: number): LayerNormParameters => ({
    scale: read.floats(`${prefix}layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`, [size]),
    bias: read.floats(`${prefix}layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat`, [size]),
  });
  return {
    attentionNorm: norm(layer, width),
    queryKeyValue: conv('qkv_transform_single', `${KERNELS}Layer_${index}/TransformerLayer/MultiheadAttention/qkv_transform_single/kernel/part_0`, width, 3 * width),
    heads: width / headSize,
    queryScale: read.scalar(`${inStack}MultiheadAttention/mul/y`),
    attentionOutput: conv('output_transform_single', `${KERNELS}Layer_${index}/TransformerLayer/MultiheadAttention/output_transform_single/kernel/part_0`, width, hidden),
    residual:
      residualInputs === undefined
        ? undefined
        : dense(`${layer}dense/kernel/ConcatPartitions/concat`, `${layer}dense/bias/ConcatPartitions/concat`, residualInputs, hidden),
    feedForwardNorm: norm(`${layer}FFN/`, hidden),
    feedForwardIn: dense(`${inStack}FFN/conv1/Tensordot/Reshape_1`, `${layer}FFN/conv1/bias/ConcatPartitions/concat`, hidden, feedForwardShape[1]!),
    feedForwardOut: dense(`${inStack}FFN/conv2/Tensordot/Reshape_1`, `${layer}FFN/conv2/bias/ConcatPartitions/concat`, feedForwardShape[1]!, hidden),
  };
}

interface Reader {
  weight(name: string): UseLiteWeight;
  floats(name: string, shape: readonly number[]): Float32Array;
  scalar(name: string): number;
}

function reader(weights: ReadonlyMap<string, UseLiteWeight>): Reader {
  const weight = (name: string): UseLiteWeight => {
    const found = weights.get(name);
    if (found === undefined) throw useLiteError(`the model has no weight "${name}": not the USE-lite graph this runtime was traced from`);
    return found;
  };
  return {
    weight,
    floats(name, shape) {
      const found = weight(name);
      if (!(found.data instanceof Float32Array) || found.shape.join(',') !== shape.join(',')) {
        throw useLiteError(`weight "${name}" is ${found.data.constructor.name} [${found.shape.join(', ')}], expected Float32Array [${shape.join(', ')}]`);
      }
      return found.data;
    },
    scalar(name) {
      const found = weight(name);
      if (found.data.length !== 1) throw useLiteError(`weight "${name}" has ${found.data.length} values, expected one`);
      return found.data[0]!;
    },
  };
}
