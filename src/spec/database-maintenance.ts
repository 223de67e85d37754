/** What a full check of one agent's stored memory found. */
export interface AgentHealth {
  agent: string;
  /** Where the agent lives: its database file, or the PostgreSQL database (without credentials). */
  location: string;
  /**
   * `ok`: every row read back; `damaged`: the store reported damage reading it (problems say what);
   * `missing`: nothing stored for the agent (problems name a history that says it existed, if any);
   * `empty`: a 0-byte database file.
   */
  state: 'ok' | 'damaged' | 'missing' | 'empty';
  problems: string[];
  /** Bytes the check read for the agent, in MB (one decimal). */
  megabytes: number;
  checkMs: number;
  /** Rows the check read back, where it reads rows (PostgreSQL); SQLite's check reads pages. */
  rows?: number;
  /** What to do about damage, when the backend knows (e.g. the `data recover` command). */
  recovery?: string;
}

/** What salvaging a damaged agent did. */
export interface RecoveryReport {
  agent: string;
  location: string;
  /** Where the damaged original was kept. */
  damagedKeptAt: string;
  /** Rows copied, by table. */
  copied: Record<string, number>;
  /** Tables or row ranges that could not be read. */
  unreadable: string[];
  /** Rows dropped because what they pointed at was lost. */
  orphansDropped: number;
  /** Commands to run next (e.g. re-embedding vectors, which are not salvaged). */
  next: string[];
}

/**
 * Checking and salvaging an agent's stored memory from outside a running engine (`hippocampus data check`
 * and `data recover`): a check only reads, never migrates or writes. Each backend says what it can do —
 * SQLite reads every page of the agent's file (`quick_check`) and salvages readable rows into a new file;
 * PostgreSQL reads back every row of the agent through the server, and leaves salvage to PostgreSQL's own
 * tools (backups, point-in-time recovery), because its files are the server's, not ours.
 */
export interface DatabaseMaintenance {
  /** The agents this store holds, sorted. */
  agents(): Promise<string[]>;
  check(agentId: string): Promise<AgentHealth>;
  /**
   * Whether `recover` salvages (SQLite's files). Where it cannot (PostgreSQL), `data recover` refuses at once,
   * whatever a check would find, with `recover`'s own error saying what restores the agent instead.
   */
  readonly salvages: boolean;
  /** Salvages what is readable; refuses with a typed error where the backend cannot (see above). */
  recover(agentId: string): Promise<RecoveryReport>;
  /**
   * Refuses with DATABASE_BUSY while another process has the agent open, where that is one process's file (SQLite):
   * `command` names what to run again once it is stopped, `why` what that process would lose. A store many processes
   * share by design (PostgreSQL) resolves.
   */
  refuseWhileOpen(agentId: string, reason: { command: string; why: string }): Promise<void>;
  close(): Promise<void>;
}
