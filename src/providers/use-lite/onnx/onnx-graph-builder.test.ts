import { describe, expect, it } from 'vitest';
import { onnxRuntimeSkipReason } from '../../../testing/onnx-runtime-skip.ts';
import { OnnxGraphBuilder } from './onnx-graph-builder.ts';
import { loadOnnxRuntime } from './onnx-runtime.ts';
import { ProtobufWriter } from './protobuf-writer.ts';

describe('protobuf writer', () => {
  it('writes varints, negative int64s, floats and nested messages as the wire format says', () => {
    const bytes = new ProtobufWriter()
      .varint(1, 150)
      .varint(2, -1)
      .float(3, 1.5)
      .message(4, (inner) => inner.string(1, 'hi'))
      .finish();
    expect(Array.from(bytes)).toEqual([
      0x08, 0x96, 0x01, // field 1, varint 150
      0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, // field 2, -1 as ten-byte int64
      0x1d, 0x00, 0x00, 0xc0, 0x3f, // field 3, fixed32 1.5
      0x22, 0x04, 0x0a, 0x02, 0x68, 0x69, // field 4, message { field 1: "hi" }
    ]);
  });
});

const skip = await onnxRuntimeSkipReason();

describe.skipIf(skip !== undefined)(`onnx graph builder${skip === undefined ? '' : ` (skipped: ${skip})`}`, () => {
  it('builds a model onnxruntime runs: initializers, symbolic dims, int, float and ints attributes', async () => {
    const graph = new OnnxGraphBuilder('check');
    const input = graph.input('x', 'float32', ['rows', 3]);
    const weights = graph.initializer('w', new Float32Array([1, 0, 0, 1, 1, 1]), [3, 2]);
    const product = graph.node('MatMul', [input, weights]);
    const normalized = graph.node('LayerNormalization', [product, graph.initializer('scale', new Float32Array([1, 1]), [2]), graph.initializer('bias', new Float32Array([0, 0]), [2])], { axis: { int: -1 }, epsilon: { float: 0.25 } });
    const swapped = graph.node('Transpose', [normalized], { perm: { ints: [1, 0] } });
    graph.node('ReduceSum', [swapped, graph.int64s('axes', [-1])], { keepdims: { int: 0 } }, 'y');
    graph.output('y', 'float32', [2]);
    const runtime = await loadOnnxRuntime();
    const session = await runtime.InferenceSession.create(graph.toModel({ opset: 18 }), { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all', executionMode: 'sequential' });
    const outputs = await session.run({ x: new runtime.Tensor('float32', new Float32Array([1, 2, 3, 0, 0, 4]), [2, 3]) });
    // Rows [1+3, 2+3] = [4, 5] and [0+4, 0+4] = [4, 4]; normalised with epsilon 0.25: [-0.5/√0.5, 0.5/√0.5] and [0, 0].
    const column = 0.5 / Math.sqrt(0.25 + 0.25);
    expect(Array.from(outputs.y!.data as Float32Array).map((value) => Number(value.toFixed(5)))).toEqual([Number((-column).toFixed(5)), Number(column.toFixed(5))]);
    await session.release();
  });

  it('keeps node output names unique when the same name is asked for twice', () => {
    const graph = new OnnxGraphBuilder('names');
    const input = graph.input('x', 'float32', [1]);
    expect(graph.node('Relu', [input], {}, 'same')).toBe('same');
    expect(graph.node('Relu', [input], {}, 'same')).toBe('same_1');
  });
});
