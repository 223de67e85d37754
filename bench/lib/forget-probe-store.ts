/** One small store of the forget precision probe (bench/forget-precision-probe.ts), asked as its own agent. */
export interface ProbeStore {
  memories: string[];
  /** Requests about something not stored: any deletion is wrong. */
  nothing: string[];
  /** Requests that mean exactly one stored memory: [request, the memory]. */
  one?: [string, string][];
}
