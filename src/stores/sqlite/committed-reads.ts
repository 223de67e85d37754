import type { AgentScope } from '../../spec/memory-store.ts';
import { wrapMembers } from '../../core/wrap-members.ts';
import type { MemberKinds } from '../../spec/method-kinds.ts';

/**
 * Whether a read of the agent now would see another caller's uncommitted writes: undefined when it may read at
 * once, else a promise that settles (never rejects) when the transaction open on the agent's connection ends.
 */
export type ReadGate = (scope: AgentScope) => Promise<void> | undefined;

/**
 * Runs `read` once no transaction of another caller is open on the connection it reads. Checked in the same
 * turn as the read starts: the stores of a backend that shares one connection (SQLite) read synchronously
 * inside their async methods, so nothing can begin a transaction between the check and the read. With none
 * open (the common case) it is one check and a direct call.
 */
export function readCommitted<T>(gate: ReadGate, scope: AgentScope, read: () => Promise<T>): Promise<T> {
  const end = gate(scope);
  return end === undefined ? read() : end.then(() => readCommitted(gate, scope, read));
}

/**
 * Each read method of `target` (its scope first, by its table in spec/method-kinds.ts) made once no transaction of
 * another caller is open on the agent's connection; its writes unchanged. For every store of the backend: on SQLite
 * a live watcher's batch writes in a transaction on the one connection every reader of the process shares, and a
 * recall made meanwhile returned the batch's memories, which vanished when it failed; blocks, skills, the knowledge
 * graph, the messages table, watermarks and consolidation marks share that connection too, and a read of one of them
 * returned what the batch then rolled back (backend contract: "… never sees a … written inside it that then rolls back").
 */
export function readsCommitted<T extends object>(target: T, kinds: MemberKinds<T>, gate: ReadGate): T {
  return wrapMembers(target, kinds, 'read', (args, read) => readCommitted(gate, args[0] as AgentScope, read));
}
