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
    const trail = new DecisionTrail();
    trail.add("$.a", [decision("x"), decision("y")]);
    trail.add("$.b", []);
    trail.add("$.c", [decision("z")]);
    const built = trail.decisions();
    expect(built.map((d) => [d.field, d.path])).toEqual([["x", "$.a"], ["y", "$.a"], ["z", "$.c"]]);
    expect(trail.decisions()).toBe(built);
  });
});
