/**
 * Just enough of the protobuf wire format to write an ONNX model: varints,
 * fixed32 floats, length-delimited bytes and nested messages. Large byte fields
 * (weights) are kept by reference and copied once, in `finish()`.
 */
export class ProtobufWriter {
  private readonly parts: Uint8Array[] = [];
  private pending: number[] = [];
  private size = 0;

  /** Bytes written so far. */
  get length(): number {
    return this.size + this.pending.length;
  }

  /** A varint field (int32, int64, enum, bool). Negative values take ten bytes, as int64 does on the wire. */
  varint(field: number, value: number | bigint): this {
    this.tag(field, 0);
    this.rawVarint(value);
    return this;
  }

  /** A fixed32 float field. */
  float(field: number, value: number): this {
    this.tag(field, 5);
    const bytes = new Uint8Array(new Float32Array([value]).buffer);
    this.pending.push(...bytes);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, 2);
    this.rawVarint(value.length);
    this.flush();
    this.parts.push(value);
    this.size += value.length;
    return this;
  }

  /** A nested message, written by `build` into its own writer. */
  message(field: number, build: (writer: ProtobufWriter) => void): this {
    const child = new ProtobufWriter();
    build(child);
    this.tag(field, 2);
    this.rawVarint(child.length);
    this.flush();
    child.flush();
    this.parts.push(...child.parts);
    this.size += child.size;
    return this;
  }

  finish(): Uint8Array {
    this.flush();
    const whole = new Uint8Array(this.size);
    let offset = 0;
    for (const part of this.parts) {
      whole.set(part, offset);
      offset += part.length;
    }
    return whole;
  }

  private tag(field: number, wireType: number): void {
    this.rawVarint(field * 8 + wireType);
  }

  private rawVarint(value: number | bigint): void {
    let rest = BigInt.asUintN(64, BigInt(value));
    while (rest > 127n) {
      this.pending.push(Number(rest & 127n) | 128);
      rest >>= 7n;
    }
    this.pending.push(Number(rest));
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.parts.push(Uint8Array.from(this.pending));
    this.size += this.pending.length;
    this.pending = [];
  }
}
