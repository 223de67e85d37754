/** Time is injected so decay, ordering and TTLs are deterministic in tests. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** Generates time-sortable unique ids (ULIDs by default). */
export type IdGenerator = (time?: number) => string;
