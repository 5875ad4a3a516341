import type { Decision } from "../event.js";

/** Where in the graph a decision was taken. */
export type GraphStage = "input" | "write" | "output" | "reducer" | "callback";

/** A guard decision with the graph boundary that produced it; never holds a raw value. */
export interface GraphDecision extends Decision {
  /** Node whose boundary produced the event (reader for inputs, writer for writes), `user` for output. */
  node: string;
  stage: GraphStage;
  /** Message of the error that made the interceptor fail closed. */
  error?: string;
}

export type DecisionListener = (decision: GraphDecision) => void;

/** The listener when nobody listens: deliveries skip building decision records for it. */
export const ignoreDecisions: DecisionListener = () => {};

/** In-memory log of graph decisions, independent of the guard, for tests and trace exporters. */
export class ReconsAudit {
  private readonly recorded: GraphDecision[] = [];

  readonly record: DecisionListener = (decision) => {
    this.recorded.push(decision);
  };

  get decisions(): readonly GraphDecision[] {
    return this.recorded;
  }

  clear(): void {
    this.recorded.length = 0;
  }
}
