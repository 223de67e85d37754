/** A copy of `array` in a new typed array of `size` made by `make`. */
export function grow<T extends { set(values: ArrayLike<number>): void }>(make: (size: number) => T, array: ArrayLike<number>, size: number): T {
  const next = make(size);
  next.set(array);
  return next;
}

/** A typed array of numbers that doubles as it is filled. */
export class Column<T extends Int32Array | Uint16Array | Uint32Array> {
  length = 0;
  constructor(
    private values: T,
    private readonly make: (size: number) => T,
  ) {}

  push(value: number): void {
    if (this.length === this.values.length) this.values = grow(this.make, this.values, this.values.length * 2);
    this.values[this.length] = value;
    this.length += 1;
  }

  /** The values pushed, in an array of their own length. */
  done(): T {
    return this.values.slice(0, this.length) as T;
  }
}
