import { OperatorError, type Operator, type OperatorInput, type OperatorOutput } from "./base.js";

const OPERATOR_MEMO_LIMIT = 20_000;

/**
 * Operators are deterministic per guard (keyed FPE and pseudonyms) or must look so: the same
 * value gets the same mLDP noise, so repeated releases cannot be averaged out. One per guard.
 */
export class MemoizedOperators {
  private readonly outputs = new Map<string, OperatorOutput>();
  private readonly noise = new Map<string, OperatorOutput>();

  /** A copy holding what this one computed so far (a prepared guard setup's), memoizing on its own from here on. */
  fork(): MemoizedOperators {
    const copy = new MemoizedOperators();
    for (const [key, output] of this.outputs) copy.outputs.set(key, output);
    for (const [key, output] of this.noise) copy.noise.set(key, output);
    return copy;
  }

  apply(operator: Operator, input: OperatorInput): OperatorOutput {
    // A span that is its registered value transforms alike with or without it: the surrogate index's entry serves the guard.
    const partOf = input.registered === undefined || input.registered === input.value ? "" : input.registered;
    const key = `${operator.action}\u0000${input.field ?? ""}\u0000${input.kind}\u0000${input.value}\u0000${partOf}`;
    // Noise is never evicted: drawing it again would let an observer average it away.
    const memo = operator.action === "mldp" ? this.noise : this.outputs;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    const result = operator.apply(input);
    if (result instanceof Promise) throw new OperatorError(`${operator.name} is async`, "async-operator");
    if (typeof result?.text !== "string" || (result.exception !== undefined && typeof result.exception !== "string")) {
      throw new OperatorError(`${operator.name} returned no { text } output`, "operator-invalid-output");
    }
    if (memo === this.outputs && memo.size >= OPERATOR_MEMO_LIMIT) memo.clear();
    memo.set(key, result);
    return result;
  }
}
