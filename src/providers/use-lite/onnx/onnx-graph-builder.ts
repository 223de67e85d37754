import { ProtobufWriter } from './protobuf-writer.ts';

/** ONNX TensorProto.DataType values of the element types used here. */
const ELEMENT_TYPE = { float32: 1, int32: 6, int64: 7 } as const;
export type ElementType = keyof typeof ELEMENT_TYPE;

/** AttributeProto.AttributeType values. */
const ATTRIBUTE_TYPE = { float: 1, int: 2, string: 3, ints: 7 } as const;

export type Attribute = { float: number } | { int: number } | { string: string } | { ints: readonly number[] };

/** A fixed size, or a named symbolic one (e.g. 'batch'). */
export type Dimension = number | string;

interface NodeSpec {
  opType: string;
  inputs: readonly string[];
  outputs: readonly string[];
  attributes: Readonly<Record<string, Attribute>>;
}

interface TensorSpec {
  name: string;
  type: ElementType;
  dims: readonly number[];
  data: Float32Array | Int32Array | BigInt64Array;
}

interface ValueSpec {
  name: string;
  type: ElementType;
  dims: readonly Dimension[];
}

/**
 * Builds an ONNX model in memory (ModelProto bytes for
 * `InferenceSession.create(bytes)`), without the onnx protobuf schema or a file
 * on disk. Field numbers are those of onnx/onnx.proto. Node outputs get unique
 * names from their op type unless one is given.
 *
 * @example
 * const graph = new OnnxGraphBuilder('double');
 * const x = graph.input('x', 'float32', ['n']);
 * graph.output(graph.node('Add', [x, x], {}, 'y'), 'float32', ['n']);
 * const bytes = graph.toModel({ opset: 17 });
 */
export class OnnxGraphBuilder {
  private readonly nodes: NodeSpec[] = [];
  private readonly initializers: TensorSpec[] = [];
  private readonly inputs: ValueSpec[] = [];
  private readonly outputs: ValueSpec[] = [];
  private readonly usedNames = new Set<string>();

  constructor(private readonly name: string) {}

  input(name: string, type: ElementType, dims: readonly Dimension[]): string {
    const claimed = this.claim(name);
    this.inputs.push({ name: claimed, type, dims });
    return claimed;
  }

  output(name: string, type: ElementType, dims: readonly Dimension[]): void {
    this.outputs.push({ name, type, dims });
  }

  /** A constant tensor stored in the model (a weight, a shape, an axis list). */
  initializer(name: string, data: Float32Array | Int32Array | BigInt64Array, dims: readonly number[]): string {
    const type: ElementType = data instanceof Float32Array ? 'float32' : data instanceof Int32Array ? 'int32' : 'int64';
    const claimed = this.claim(name);
    this.initializers.push({ name: claimed, type, dims, data });
    return claimed;
  }

  /** An int64 vector constant, the type ONNX wants for shapes, axes and slice bounds. */
  int64s(name: string, values: readonly number[]): string {
    return this.initializer(name, BigInt64Array.from(values, (value) => BigInt(value)), [values.length]);
  }

  /** A float32 scalar constant. */
  scalar(name: string, value: number): string {
    return this.initializer(name, new Float32Array([value]), []);
  }

  /** Adds one node and returns its (first) output name. */
  node(opType: string, inputs: readonly string[], attributes: Readonly<Record<string, Attribute>> = {}, output?: string): string {
    return this.nodeWithOutputs(opType, inputs, 1, attributes, output)[0]!;
  }

  /** Adds one node with several outputs (Split) and returns their names. */
  nodeWithOutputs(opType: string, inputs: readonly string[], count: number, attributes: Readonly<Record<string, Attribute>> = {}, output?: string): string[] {
    const base = output ?? opType;
    const outputs = Array.from({ length: count }, (_, index) => this.claim(count === 1 ? base : `${base}_${index}`));
    this.nodes.push({ opType, inputs, outputs, attributes });
    return outputs;
  }

  /** The ModelProto bytes, importing the default ONNX domain at `opset`. */
  toModel({ opset, irVersion = 8 }: { opset: number; irVersion?: number }): Uint8Array {
    const model = new ProtobufWriter();
    model.varint(1, irVersion);
    model.string(2, 'hippocampus');
    model.message(7, (graph) => this.writeGraph(graph));
    model.message(8, (operatorSet) => operatorSet.string(1, '').varint(2, opset));
    return model.finish();
  }

  private writeGraph(graph: ProtobufWriter): void {
    this.nodes.forEach((node, index) => graph.message(1, (writer) => writeNode(writer, node, `${node.opType}_${index}`)));
    graph.string(2, this.name);
    for (const tensor of this.initializers) graph.message(5, (writer) => writeTensor(writer, tensor));
    for (const value of this.inputs) graph.message(11, (writer) => writeValueInfo(writer, value));
    for (const value of this.outputs) graph.message(12, (writer) => writeValueInfo(writer, value));
  }

  /** A unique name: the wanted one, or it with the first free numeric suffix. */
  private claim(wanted: string): string {
    let name = wanted;
    for (let suffix = 1; this.usedNames.has(name); suffix += 1) name = `${wanted}_${suffix}`;
    this.usedNames.add(name);
    return name;
  }
}

function writeNode(writer: ProtobufWriter, node: NodeSpec, name: string): void {
  for (const input of node.inputs) writer.string(1, input);
  for (const output of node.outputs) writer.string(2, output);
  writer.string(3, name);
  writer.string(4, node.opType);
  for (const [attributeName, attribute] of Object.entries(node.attributes)) {
    writer.message(5, (field) => writeAttribute(field, attributeName, attribute));
  }
}

function writeAttribute(writer: ProtobufWriter, name: string, attribute: Attribute): void {
  writer.string(1, name);
  if ('float' in attribute) writer.float(2, attribute.float).varint(20, ATTRIBUTE_TYPE.float);
  else if ('int' in attribute) writer.varint(3, attribute.int).varint(20, ATTRIBUTE_TYPE.int);
  else if ('string' in attribute) writer.string(4, attribute.string).varint(20, ATTRIBUTE_TYPE.string);
  else {
    for (const value of attribute.ints) writer.varint(8, value);
    writer.varint(20, ATTRIBUTE_TYPE.ints);
  }
}

function writeTensor(writer: ProtobufWriter, tensor: TensorSpec): void {
  for (const size of tensor.dims) writer.varint(1, size);
  writer.varint(2, ELEMENT_TYPE[tensor.type]);
  writer.string(8, tensor.name);
  // raw_data is little-endian, as typed arrays are on every platform Node runs on here.
  writer.bytes(9, new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
}

function writeValueInfo(writer: ProtobufWriter, value: ValueSpec): void {
  writer.string(1, value.name);
  writer.message(2, (type) =>
    type.message(1, (tensorType) => {
      tensorType.varint(1, ELEMENT_TYPE[value.type]);
      tensorType.message(2, (shape) => {
        for (const size of value.dims) shape.message(1, (dimension) => (typeof size === 'number' ? dimension.varint(1, size) : dimension.string(2, size)));
      });
    }),
  );
}
