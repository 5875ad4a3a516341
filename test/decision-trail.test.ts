import { describe, expect, it } from "vitest";
import { DecisionTrail } from "../src/decision-trail.js";
import type { Decision } from "../src/event.js";

const decision = (field: string): Decision => ({
  field,
  kind: "ssn",
  valueType: "format",
  tier: 1,
  confidence: 1,
  source: "vault",
  channel: "C2",
  recipient: "bob",
  position: "unknown",
  resolution: "explicit",
  action: "redact",
  reason: "unauthorized",
  path: "$",
  span: [0, 3],
});

describe("DecisionTrail", () => {
  it("builds one record per cached decision with the path it was met at, once", () => {
    const trail = new DecisionTrail("bob");
    trail.add("$.a", [decision("x"), decision("y")]);
    trail.add("$.b", []);
    trail.add("$.c", [decision("z")]);
    const built = trail.decisions();
    expect(built.map((d) => [d.field, d.path])).toEqual([["x", "$.a"], ["y", "$.a"], ["z", "$.c"]]);
    expect(trail.decisions()).toBe(built);
  });

  it("names the recipient it sanitized for on decisions cached for another one, keeping the key order", () => {
    const trail = new DecisionTrail("carol");
    trail.add("$.a", [decision("x")]);
    const [built] = trail.decisions();
    expect(built.recipient).toBe("carol");
    expect(Object.keys(built)).toEqual(Object.keys(decision("x")));
  });
});
