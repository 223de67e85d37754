/** Messages between the pool (main thread) and a use-lite worker thread. */
export interface WorkerRequest {
  id: number;
  texts: string[];
}

export type WorkerReply =
  | { type: 'ready' }
  /** `texts.length * 512` numbers, one unit vector after another, in request order. */
  | { type: 'result'; id: number; vectors: Float32Array }
  | { type: 'error'; id: number; code: string; message: string };
