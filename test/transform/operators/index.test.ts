import { describe, expect, it } from "vitest";
import { deriveKeys } from "../../../src/crypto/keys.js";
import { ACTIONS } from "../../../src/event.js";
import { createOperators, isReversible } from "../../../src/transform/operators/index.js";

const mldp = { epsilon: 1, unit: { "*": 1 }, relativeUnit: 0.05, floor: 0 };

describe("createOperators", () => {
  it("builds fpe, pseudonymize, mldp and redact, with FF1 by default choice and FF3-1 on request", () => {
    const keys = deriveKeys("index-test");
    const ff1 = createOperators(keys, { fpe: "ff1", mldp });
    expect([...ff1.keys()].sort()).toEqual(["fpe", "mldp", "pseudonymize", "redact"]);
    expect(ff1.get("fpe")!.name).toBe("ff1");
    expect(createOperators(keys, { fpe: "ff3-1", mldp }).get("fpe")!.name).toBe("ff3-1");
    for (const [action, operator] of ff1) expect(operator.action).toBe(action);
  });

  it("marks exactly the operators that have reverse as reversible", () => {
    const operators = createOperators(deriveKeys("index-test"), { fpe: "ff1", mldp });
    for (const action of ACTIONS) {
      const operator = operators.get(action);
      if (operator) expect(isReversible(action)).toBe(typeof operator.reverse === "function");
      else expect(isReversible(action)).toBe(false);
    }
  });
});
