import { describe, expect, it } from "vitest";
import { authorize, protectAction } from "../../src/policy/authorize.js";
import { policySchema } from "../../src/policy/options.js";
import { Reachability } from "../../src/policy/reachability.js";

const policy = policySchema.parse({
  fields: {
    ssn: { valueType: "format", kind: "ssn", authorized: ["intake"] },
    name: { valueType: "value", kind: "name", authorized: ["intake", "scheduler", "*"] },
    salary: { valueType: "value", kind: "amount", authorized: [] },
    diagnosis: { valueType: "contextual", kind: "text", authorized: ["doctor"], channels: { C6: { authorized: [] } } },
  },
  positions: { intake: "original", scheduler: "original", auditor: "introduced" },
});

const base = { confidence: 1, channel: "C2" as const, position: "original" as const };

describe("authorize: the decision table of section 6.4", () => {
  it("allows an authorized resolved recipient", () => {
    expect(authorize(policy, { ...base, field: "ssn", kind: "ssn", valueType: "format", recipient: "intake" })).toEqual({
      action: "allow",
      reason: "recipient-authorized",
    });
  });

  it("protects by value type for an unauthorized recipient", () => {
    const q = { ...base, recipient: "scheduler" };
    expect(authorize(policy, { ...q, field: "ssn", kind: "ssn", valueType: "format" }).action).toBe("fpe");
    expect(authorize(policy, { ...q, field: "salary", kind: "amount", valueType: "value" }).action).toBe("mldp");
    expect(authorize(policy, { ...q, field: "diagnosis", kind: "text", valueType: "contextual" }).action).toBe("rewrite");
  });

  it("pseudonymizes non-numeric value-type fields", () => {
    expect(protectAction("value", "name")).toBe("pseudonymize");
  });

  it("denies an introduced recipient even where the field allows everyone (*)", () => {
    const verdict = authorize(policy, { ...base, field: "name", kind: "name", valueType: "value", recipient: "auditor", position: "introduced" });
    expect(verdict).toEqual({ action: "pseudonymize", reason: "introduced-recipient" });
  });

  it("names every agent with *, never a tool, a log or an artifact, which are named or get nothing (round 14 audit)", () => {
    const field = { ...base, field: "name", kind: "name", valueType: "value" as const, recipient: "langsmith", position: "unknown" as const };
    expect(authorize(policy, { ...field, channel: "C2" }).action).toBe("allow");
    for (const channel of ["C3", "C6", "C7"] as const) expect(authorize(policy, { ...field, channel }).action, channel).not.toBe("allow");
    expect(authorize(policy, { ...field, recipient: "intake", channel: "C6" }).action).toBe("allow");
  });

  it("uses the field-level policy for an unresolved recipient", () => {
    const q = { ...base, recipient: null, position: "unknown" as const };
    expect(authorize(policy, { ...q, field: "ssn", kind: "ssn", valueType: "format" }).reason).toBe("recipient-unresolved-field-level-allow");
    expect(authorize(policy, { ...q, field: "salary", kind: "amount", valueType: "value" }).reason).toBe("recipient-unresolved-field-level-protect");
  });

  it("applies per-channel overrides", () => {
    const q = { ...base, field: "diagnosis", kind: "text", valueType: "contextual" as const, recipient: "doctor" };
    expect(authorize(policy, q).action).toBe("allow");
    expect(authorize(policy, { ...q, channel: "C6" }).action).toBe("rewrite");
  });

  it("protects low-confidence detections for a resolvable, authorized recipient", () => {
    const verdict = authorize(policy, { ...base, field: "ssn", kind: "ssn", valueType: "format", recipient: "intake", confidence: 0.3 });
    expect(verdict).toEqual({ action: "fpe", reason: "low-confidence" });
  });

  it("forbids fields with no policy entry everywhere", () => {
    expect(authorize(policy, { ...base, field: "mrn", kind: "id", valueType: "format", recipient: "intake" }).reason).toBe("no-policy-entry");
  });

  it("static mode ignores the recipient (the paper's ablation lets introduced agents through)", () => {
    const staticPolicy = { ...policy, mode: "static" as const };
    const verdict = authorize(staticPolicy, { ...base, field: "ssn", kind: "ssn", valueType: "format", recipient: "auditor", position: "introduced" });
    expect(verdict.action).toBe("allow");
  });

  it("follows the per-kind default for unregistered recognizer hits", () => {
    expect(authorize(policy, { ...base, field: null, kind: "date", valueType: "format", recipient: "x" }).action).toBe("allow");
    expect(authorize(policy, { ...base, field: null, kind: "card", valueType: "format", recipient: "x" }).action).toBe("redact");
  });

  it("topology-position extension protects when an unauthorized agent is reachable", () => {
    const reach = new Reachability([["intake", "relay"], ["relay", "auditor"]]);
    const verdict = authorize(policy, { ...base, field: "ssn", kind: "ssn", valueType: "format", recipient: "intake" }, reach);
    expect(verdict).toEqual({ action: "fpe", reason: "reachable-unauthorized:relay" });
    expect(new Reachability([["a", "b"], ["b", "a"]]).reachableFrom("a")).toEqual(new Set(["b"]));
  });
});

describe("authorize: unregistered pattern-only hits", () => {
  it("flags but does not act on a low-confidence unregistered hit", () => {
    const verdict = authorize(policy, { ...base, field: null, kind: "aba", valueType: "format", recipient: "x", confidence: 0.3 });
    expect(verdict).toEqual({ action: "allow", reason: "unregistered-aba-low-confidence" });
  });
});
