import type { MemberKind, MemberKinds } from '../spec/method-kinds.ts';

/**
 * `target` as a layer hands it out: each method of `kind` run through `wrap` (given its arguments and the call),
 * the other methods called on `target`, its values copied (an absent optional one left out).
 *
 * @example
 * const held = wrapMembers(store, MEMORY_STORE_MEMBERS, 'write', (_args, write) => queue(write));
 */
export function wrapMembers<T extends object>(target: T, kinds: MemberKinds<T>, kind: 'read' | 'write', wrap: (args: unknown[], call: () => Promise<unknown>) => Promise<unknown>): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, of] of Object.entries(kinds) as [string, MemberKind][]) {
    const member = (target as Record<string, unknown>)[name];
    if (member === undefined) continue;
    if (of === 'value') {
      wrapped[name] = member;
      continue;
    }
    const method = member as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = of === kind ? (...args: unknown[]) => wrap(args, () => method.apply(target, args)) : (...args: unknown[]) => method.apply(target, args);
  }
  return wrapped as T;
}
