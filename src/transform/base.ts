import type { Action, ValueType } from "../event.js";

/** What an operator knows about the value it transforms. */
export interface OperatorInput {
  value: string;
  field: string | null;
  kind: string;
  valueType: ValueType;
  /** The registered vault value `value` is a rendering of, when known (a span may be partial: `M. Miller`). */
  registered?: string;
  /**
   * Name tokens (lowercase, no apostrophes) a pseudonym must not show: the guard's registered names,
   * so that one person's pseudonym is never another protected person's real name.
   */
  avoid?: ReadonlySet<string>;
}

/** Result of an operator; `exception` records e.g. an FPE representation-length exception. */
export interface OperatorOutput {
  text: string;
  exception?: string;
}

/** A transformation plug-in (Presidio's operator shape). Reversible operators also reverse. */
export interface Operator {
  readonly action: Exclude<Action, "allow">;
  readonly name: string;
  apply(input: OperatorInput): OperatorOutput | Promise<OperatorOutput>;
  reverse?(transformed: string, input: Omit<OperatorInput, "value">): string;
}

/** Thrown by an operator that cannot transform a value; the guard falls back to redaction. */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly fallback: string,
  ) {
    super(message);
    this.name = "OperatorError";
  }
}
