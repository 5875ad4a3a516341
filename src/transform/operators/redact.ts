import type { Operator, OperatorInput, OperatorOutput } from "../base.js";

/** Typed placeholder (`[REDACTED:ssn]`): the recipient learns a value's kind, never the value. */
export function redactionPlaceholder(kind: string): string {
  return `[REDACTED:${kind}]`;
}

export function createRedactOperator(): Operator {
  return {
    action: "redact",
    name: "redact",
    apply: (input: OperatorInput): OperatorOutput => ({ text: redactionPlaceholder(input.kind) }),
  };
}
