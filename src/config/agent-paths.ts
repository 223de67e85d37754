import fs from 'node:fs';
import path from 'node:path';
import { HippocampusError } from '../errors/hippocampus-error.ts';
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

/**
 * Agent ids that differ only in case ("Ada", "ada") are two folders here but one on a case-insensitive file
 * system (macOS, Windows), where the second would open the first's files as its own (probe, 2026-11-27):
 * the SQLite database, and on every backend the session logs, working-memory snapshot and mirror registry
 * kept under `agents/<id>`. An id is refused when the agents folder holds another spelling of it and not
 * its own, so agents made before this rule still open.
 */
export function refuseCaseTwinAgent(home: string, agentId: string): void {
  const agentsFolder = path.dirname(agentPaths(home, agentId).root);
  let entries: string[];
  try {
    entries = fs.readdirSync(agentsFolder);
  } catch {
    return;
  }
  if (entries.includes(agentId)) return;
  const twin = entries.find((entry) => entry.toLowerCase() === agentId.toLowerCase());
  if (twin !== undefined) {
    throw new HippocampusError({
      code: 'INVALID_AGENT_ID',
      message: `The agent id "${agentId}" differs from the existing agent "${twin}" only in case: on a case-insensitive file system they would share one folder; use "${twin}" or another id`,
    });
  }
}
