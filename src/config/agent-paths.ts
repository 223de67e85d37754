import path from 'node:path';
import { identifierSchema } from './identifiers.ts';
import { parseWith } from './parse.ts';

/** The SQLite store's sign, beside an agent's folder contents, that its database was opened here. */
export const AGENT_MARKER = 'agent.json';

/** The on-disk layout of one agent under the home directory. */
export interface AgentPaths {
  root: string;
  longTermDatabase: string;
  /** Written by the SQLite store at every open of the agent's database: the file existed here. */
  marker: string;
  sessionLogs(sessionId: string): string;
}

/**
 * @example
 * agentPaths('/data/.hippocampus', 'ada').longTermDatabase // '/data/.hippocampus/agents/ada/memory/longterm.db'
 */
export function agentPaths(home: string, agentId: string): AgentPaths {
  const validAgent = parseWith(identifierSchema, agentId, 'agent id', 'INVALID_AGENT_ID');
  const root = path.join(home, 'agents', validAgent);
  return {
    root,
    longTermDatabase: path.join(root, 'memory', 'longterm.db'),
    marker: path.join(root, AGENT_MARKER),
    sessionLogs(sessionId: string) {
      const validSession = parseWith(identifierSchema, sessionId, 'session id', 'INVALID_SESSION_ID');
      return path.join(root, 'sessions', validSession, 'logs');
    },
  };
}
