import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { changedSince, pruneVectorChanges, readVectorLogState } from './vector-change-log.ts';
import { buildHnswGraphFile } from './hnsw-build.ts';
import { addStoredVector, buildGraphFromTable, FLOAT_TABLE, loadHnswlib, type Graph, type GraphConstructor } from './hnsw-graph.ts';

// Why a graph: at 100k vectors sqlite-vec's exact scan takes ~130 ms a query and
// its bit-quantized prefilter 70-300 ms, while HNSW answers in ~1 ms with
// recall@10 ≥ 0.99 (bench/vector-index.bench.ts, bench/results/vector-index.json).
// SQLite stays the source of truth: the graph is a cache of `memory_vectors`,
// saved per agent next to the database and rebuilt from it whenever it cannot
// be trusted.

/**
 * Below this many vectors an exact sqlite-vec scan stays within half the 10 ms
 * recall budget (p95 3 ms at 2,000, 7 ms at 3,000 on the bench machine), so no graph is built.
 */
export const EXACT_SEARCH_MAX_VECTORS = 2_000;

const MANIFEST_VERSION = 1;
/** A graph with more deleted slots than this share of all slots is rebuilt compact. */
const MAX_DELETED_SHARE = 0.25;

/**
 * The manifest `<file>.json`: which graph file is current and what it holds. It
 * is renamed into place only after its graph is complete, so a reader never
 * pairs a graph with another save's change number (two processes may save).
 */
interface Manifest {
  version: number;
  /** The graph file's name, in the manifest's folder. */
  graph: string;
  logId: string;
  change: number;
  dimensions: number;
  modelId: string | null;
  m: number;
  efConstruction: number;
}

export interface HnswVectorsOptions {
  /** The agent's database: `memories`, `meta`, the `memory_vectors` vec0 table and the change log. */
  db: Database.Database;
  /**
   * Where the agent's graph lives, next to its database (e.g. `<database>.hnsw`):
   * the manifest is `<file>.json`, each saved graph `<file>.<change>-<pid>.graph`.
   */
  file: string;
  dimensions: number;
  /** Exact search below this many vectors (default {@link EXACT_SEARCH_MAX_VECTORS}). */
  exactBelow?: number;
  m?: number;
  efConstruction?: number;
  /** Search breadth (default 128); raised to the limit when a search asks for more. */
  efSearch?: number;
}

export interface HnswVectors {
  /** 'graph' once a graph is loaded or built; 'exact' for small agents, or until `maintain` builds one. */
  readonly mode: 'exact' | 'graph';
  /** Where the last build ran: in a worker thread, or on this thread when no worker could; null before any. */
  readonly lastBuild: 'worker' | 'this-thread' | null;
  /** Slots of the graph, deleted ones included (0 without a graph): what its memory grows with. */
  readonly slots: number;
  /** The `limit` nearest vectors by cosine distance, after replaying changes committed since the last call. */
  search(vector: Float32Array, limit: number): { seq: number; distance: number }[];
  /** Applies vector changes committed (by any process) since the last call; `search` calls it. */
  catchUp(): void;
  /**
   * Builds the graph when the agent has grown past `exactBelow` or the saved one
   * was missing or stale, compacts it after many deletes, and saves it when it
   * changed. Building runs in a worker thread (~1 ms a vector); searches go on meanwhile.
   */
  maintain(): Promise<void>;
  /** Drops the in-memory graph (hundreds of MB for a large agent). */
  close(): void;
}

function toBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

function hasFloatTable(db: Database.Database): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE name = ?`).get(FLOAT_TABLE) !== undefined;
}

function modelIdOf(db: Database.Database): string | null {
  return (db.prepare(`SELECT value FROM meta WHERE key = 'embedding.model_id'`).pluck().get() as string | undefined) ?? null;
}

const manifestOf = (file: string) => `${file}.json`;
const graphPathOf = (file: string, manifest: Manifest) => path.join(path.dirname(file), manifest.graph);

function readManifest(file: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(manifestOf(file), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/**
 * Opens the agent's vector search: loads the saved graph when it matches the
 * database (same change log, model and dimensions, and no change it has not
 * seen was pruned) and replays the changes since; otherwise searches exactly
 * until `maintain` rebuilds the graph.
 *
 * @example
 * const vectors = await openHnswVectors({ db, file: `${databaseFile}.hnsw`, dimensions: 512 });
 * const hits = vectors.search(queryVector, 10); // [{ seq: 4711, distance: 0.12 }, ...]
 * await vectors.maintain(); // from the background tick: build, compact, save
 */
export async function openHnswVectors(options: HnswVectorsOptions): Promise<HnswVectors> {
  const { db, file, dimensions } = options;
  const exactBelow = options.exactBelow ?? EXACT_SEARCH_MAX_VECTORS;
  const m = options.m ?? 16;
  const efConstruction = options.efConstruction ?? 200;
  // ef 128 over 64 buys recall@10 0.998 instead of 0.983 at 100k for ~0.5 ms more.
  const efSearch = options.efSearch ?? 128;
  const HierarchicalNSW = loadHnswlib();
  let graph: Graph | null = null;
  let logId = '';
  let applied = 0;
  let dirty = false;
  let saving = false;
  let building = false;
  let lastBuild: 'worker' | 'this-thread' | null = null;
  /** Slots of the current graph marked deleted (counted since it was built or loaded). */
  let deletedSlots = 0;

  // Prepared on first use: the vector table appears only once an embedding model is bound.
  const statements = new Map<string, Database.Statement>();
  const statement = (sql: string) => statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql)!;

  function trusted(manifest: Manifest | null): manifest is Manifest {
    if (manifest === null || typeof manifest.graph !== 'string' || !fs.existsSync(graphPathOf(file, manifest))) return false;
    const log = readVectorLogState(db);
    return (
      manifest.version === MANIFEST_VERSION &&
      manifest.logId === log.logId &&
      manifest.change >= log.prunedThrough &&
      manifest.change <= log.head &&
      manifest.dimensions === dimensions &&
      manifest.modelId === modelIdOf(db)
    );
  }

  function catchUp(): void {
    if (graph === null || saving) return; // the graph must not change while it is written out
    const log = readVectorLogState(db);
    if (log.logId !== logId || applied < log.prunedThrough) {
      graph = null; // reset or pruned past us: only a rebuild is trustworthy
      return;
    }
    const { seqs, head } = changedSince(db, applied);
    for (const seq of seqs) {
      const blob = statement(`SELECT embedding FROM ${FLOAT_TABLE} WHERE rowid = ?`).pluck().get(BigInt(seq)) as Buffer | undefined;
      if (blob !== undefined) addStoredVector(graph, seq, blob);
      else {
        try {
          graph.markDelete(seq);
          deletedSlots += 1;
        } catch {
          // never indexed, or already deleted: either way it is gone
        }
      }
    }
    if (seqs.length > 0) dirty = true;
    applied = head;
    compactWhenBloated();
  }

  /**
   * hnswlib keeps a deleted point's slot (vector and links) until the graph is rebuilt, and every
   * insert takes a new one: an agent kept at a steady size by forgetting grows its graph with every
   * write. Waiting for the next maintenance let it grow without bound in between — the soak (3,000
   * memories, ~65 writes and forgets a second) reached ~40k slots in 10 minutes and its resident set
   * drifted +48 % over 28 minutes. A rebuild (in a worker) starts as soon as a quarter of the slots are
   * deleted, so the graph stays within ~1.33× the live vectors.
   */
  function compactWhenBloated(): void {
    if (graph === null || building || saving || HierarchicalNSW === null) return;
    const slots = graph.getCurrentCount();
    if (slots <= 1000 || deletedSlots <= MAX_DELETED_SHARE * slots) return;
    void build(HierarchicalNSW, vectorCount()).catch(() => undefined);
  }

  // count(*) of the vec0 table reads every chunk (97 ms at 100k); its rowids shadow table answers in 0.3 ms.
  function vectorCount(): number {
    return hasFloatTable(db) ? (db.prepare(`SELECT count(*) FROM ${FLOAT_TABLE}_rowids`).pluck().get() as number) : 0;
  }

  /**
   * Builds the graph in a worker thread on a connection of its own (a large
   * agent takes minutes), then loads the file it wrote and replays what changed
   * meanwhile; searches go on against the old graph or exactly until then.
   * Builds here when there is no database file to hand over or the worker fails.
   */
  async function build(Constructor: GraphConstructor, count: number): Promise<void> {
    building = true;
    try {
      if (db.name !== ':memory:' && fs.existsSync(db.name)) {
        const built = `${file}.build-${process.pid}-${Date.now()}.graph`;
        try {
          const { logId: builtLogId, change } = await buildHnswGraphFile(db.name, { graphFile: built, dimensions, count, m, efConstruction });
          const loaded = new Constructor('cosine', dimensions);
          if (await loaded.readIndex(built)) {
            lastBuild = 'worker';
            use(loaded, { logId: builtLogId, change }, false);
            // Nothing changed while the worker built: its file is the saved graph, no second write.
            if (!dirty) publish(adoptGraphFile(built));
            return;
          }
        } catch {
          // the worker could not run here (say, no native addon in workers): build on this thread
        } finally {
          fs.rmSync(built, { force: true });
        }
      }
      buildHere(Constructor, count);
      lastBuild = 'this-thread';
    } finally {
      building = false;
    }
  }

  function buildHere(Constructor: GraphConstructor, count: number): void {
    const built = buildGraphFromTable(db, Constructor, { dimensions, count, m, efConstruction });
    use(built.graph, { logId: built.log.logId, change: built.log.head }, true);
  }

  /** Takes `next` as the graph, holding the log up to `at`, and replays what was committed since. */
  function use(next: Graph, at: { logId: string; change: number }, unsaved: boolean): void {
    graph = next;
    deletedSlots = 0;
    logId = at.logId;
    applied = at.change;
    dirty = unsaved;
    catchUp();
  }

  const graphNameNow = () => `${path.basename(file)}.${applied}-${process.pid}.graph`;

  /** Moves a graph file written by the build worker to the name a save would give it. */
  function adoptGraphFile(built: string): string {
    const graphName = graphNameNow();
    fs.renameSync(built, path.join(path.dirname(file), graphName));
    return graphName;
  }

  async function save(): Promise<void> {
    if (graph === null) return;
    const graphName = graphNameNow();
    saving = true;
    try {
      await graph.writeIndex(path.join(path.dirname(file), graphName));
    } finally {
      saving = false;
    }
    publish(graphName);
  }

  /** Makes the graph file `graphName` (holding changes up to `applied`) the saved graph: manifest, old file gone, log trimmed. */
  function publish(graphName: string): void {
    const manifest: Manifest = { version: MANIFEST_VERSION, graph: graphName, logId, change: applied, dimensions, modelId: modelIdOf(db), m, efConstruction };
    const previous = readManifest(file);
    const temporary = `${manifestOf(file)}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(manifest));
    fs.renameSync(temporary, manifestOf(file));
    if (previous !== null && previous.graph !== graphName) {
      try {
        fs.rmSync(graphPathOf(file, previous), { force: true });
      } catch {
        // still open elsewhere (Windows): the next save tries again
      }
    }
    dirty = false;
    pruneVectorChanges(db, manifest.change);
  }

  if (HierarchicalNSW !== null && hasFloatTable(db)) {
    const manifest = readManifest(file);
    if (trusted(manifest)) {
      const loaded = new HierarchicalNSW('cosine', dimensions);
      if (await loaded.readIndex(graphPathOf(file, manifest)).catch(() => false)) {
        use(loaded, manifest, false);
      }
    }
  }

  return {
    get mode() {
      return graph === null ? 'exact' : 'graph';
    },

    get lastBuild() {
      return lastBuild;
    },

    get slots() {
      return graph?.getCurrentCount() ?? 0;
    },

    search(vector, limit) {
      if (limit <= 0) return [];
      catchUp();
      if (graph !== null) {
        graph.setEf(Math.max(efSearch, limit));
        const { distances, neighbors } = graph.searchKnn(Array.from(vector), Math.min(limit, graph.getMaxElements()));
        return neighbors.map((seq, index) => ({ seq, distance: distances[index]! }));
      }
      if (!hasFloatTable(db)) return [];
      return statement(`SELECT rowid AS seq, distance FROM ${FLOAT_TABLE} WHERE embedding MATCH ? AND k = ?`).all(toBlob(vector), limit) as { seq: number; distance: number }[];
    },

    catchUp,

    async maintain() {
      if (saving || building || !hasFloatTable(db)) return;
      if (HierarchicalNSW !== null) {
        catchUp();
        const count = vectorCount();
        const slots = graph?.getCurrentCount() ?? 0;
        const bloated = slots > 1000 && slots - count > MAX_DELETED_SHARE * slots;
        if ((graph === null && count >= exactBelow) || bloated) await build(HierarchicalNSW, count);
        if (graph !== null && (dirty || !trusted(readManifest(file)))) await save();
      }
      // Exact mode reads SQLite directly, and a later build needs no log either.
      if (graph === null) pruneVectorChanges(db, readVectorLogState(db).head);
    },

    close() {
      graph = null;
    },
  };
}
