import { describe, expect, it } from "vitest";
import { createRecons } from "../../../src/guard.js";

describe("a canary token's suffix written alone", () => {
  const guard = () => createRecons({ secret: "canary-secret", vault: { ssn: "CANARY_SSN_754B6934" }, policy: { fields: { ssn: { authorized: ["reader"] } } } });
  const token = /([A-Z]+_[A-Z]+_)([0-9A-Z]{8})/;

  it("shows the tail of the whole token's surrogate, so both forms agree", () => {
    const out = guard().sanitizeSync({ channel: "C2", content: "Token CANARY_SSN_754B6934, suffix 754B6934, lower 754b6934.", recipient: "intruder" }).content as string;
    expect(out).not.toMatch(/754B6934/i);
    const [, , tail] = token.exec(out)!;
    expect(out).toBe(`Token ${token.exec(out)![0]}, suffix ${tail}, lower ${tail.toLowerCase()}.`);
  });

  it("restores to the real suffix for an authorized reader of shared state", () => {
    const g = guard();
    const text = "Escalate 754B6934 and CANARY_SSN_754B6934 today.";
    const written = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(written).not.toContain("754B6934");
    expect(g.sanitizeSync({ channel: "C5", content: written, recipient: "reader" }).content).toBe(text);
    expect(g.sanitizeSync({ channel: "C5", content: written, recipient: "intruder" }).content).not.toContain("754B6934");
  });
});
