import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A `createAgent` agent seeds its middleware state from its graph's `getState` before it runs the
 * graph: that one read, inside the agent's own call, gets the state as stored (the caller's view
 * fed back as input would store noise and redactions). Any later read in the run is the caller's.
 */
const agentOwnStateRead = new AsyncLocalStorage<{ pending: boolean }>();

export function letAgentSeedFromOwnState(agent: object): void {
  const methods = agent as Record<"invoke" | "stream" | "streamEvents", (...args: unknown[]) => unknown>;
  for (const method of ["invoke", "stream", "streamEvents"] as const) {
    const original = methods[method].bind(agent);
    methods[method] = (...args: unknown[]) => agentOwnStateRead.run({ pending: true }, () => original(...args));
  }
}

export function takeOwnStateRead(): boolean {
  const read = agentOwnStateRead.getStore();
  if (!read?.pending) return false;
  read.pending = false;
  return true;
}

/** The agent's graph has started: no read after this is the agent's own seeding. */
export function endOwnStateRead(): void {
  const read = agentOwnStateRead.getStore();
  if (read) read.pending = false;
}
