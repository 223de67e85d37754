/**
 * A bounded ring buffer keyed by id: O(1) append, O(1) removal by id, the
 * oldest entry evicted when full. Removal leaves a hole that the ring skips;
 * holes are compacted away once they outnumber live entries, so every
 * operation stays amortized O(1).
 */
export class ShortTermBuffer<Entry extends { id: string }> {
  readonly capacity: number;
  private slots: (Entry | undefined)[];
  private head = 0;
  private used = 0;
  private readonly slotOf = new Map<string, number>();

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.capacity = capacity;
    this.slots = new Array<Entry | undefined>(capacity);
  }

  /** Live entries. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Appends an entry; returns the live entry evicted to make room, if any. */
  append(entry: Entry): Entry | undefined {
    if (this.slotOf.has(entry.id)) this.remove(entry.id);
    let evicted: Entry | undefined;
    while (this.used === this.capacity) {
      const oldest = this.slots[this.head];
      this.slots[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.used -= 1;
      if (oldest !== undefined) {
        this.slotOf.delete(oldest.id);
        evicted = oldest;
      }
    }
    const slot = (this.head + this.used) % this.capacity;
    this.slots[slot] = entry;
    this.slotOf.set(entry.id, slot);
    this.used += 1;
    return evicted;
  }

  get(id: string): Entry | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.slots[slot];
  }

  remove(id: string): Entry | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    const entry = this.slots[slot];
    this.slots[slot] = undefined;
    this.slotOf.delete(id);
    if (this.used > 2 * this.slotOf.size + 8) this.compact();
    return entry;
  }

  /** Live entries, oldest first. */
  entries(): Entry[] {
    const live: Entry[] = [];
    for (let offset = 0; offset < this.used; offset += 1) {
      const entry = this.slots[(this.head + offset) % this.capacity];
      if (entry !== undefined) live.push(entry);
    }
    return live;
  }

  /** Live entries that pass the predicate, newest first. */
  search(predicate: (entry: Entry) => boolean): Entry[] {
    const found: Entry[] = [];
    for (let offset = this.used - 1; offset >= 0; offset -= 1) {
      const entry = this.slots[(this.head + offset) % this.capacity];
      if (entry !== undefined && predicate(entry)) found.push(entry);
    }
    return found;
  }

  clear(): void {
    this.slots = new Array<Entry | undefined>(this.capacity);
    this.head = 0;
    this.used = 0;
    this.slotOf.clear();
  }

  private compact(): void {
    const live = this.entries();
    this.clear();
    for (const entry of live) this.append(entry);
  }
}
