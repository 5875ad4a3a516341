import { describe, expect, it } from "vitest";
import { createRecons } from "../../../src/guard.js";
import { inferFieldType } from "../../../src/policy/infer.js";

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

describe("a canary token whose suffix is not hexadecimal (`CANARY_CONF_NOTE_PLA0PKXC`)", () => {
  const policy = { fields: { confidential_notes: { authorized: ["doc"] } } };
  const guard = (value: string) => createRecons({ secret: "canary-secret", vault: { confidential_notes: value }, policy });

  it("is a canary whatever its field, and its suffix alone is found and shown as the tail of the token's surrogate", () => {
    expect(inferFieldType("confidential_notes", "CANARY_CONF_NOTE_PLA0PKXC")).toEqual({ kind: "canary", valueType: "format" });
    const out = guard("CANARY_CONF_NOTE_PLA0PKXC").sanitizeSync({ channel: "C2", content: "Token CANARY_CONF_NOTE_PLA0PKXC. Note code PLA0PKXC.", recipient: "clerk" }).content as string;
    expect(out).not.toMatch(/PLA0PKXC/i);
    const whole = /Token ([A-Z0-9_]+)\./.exec(out)![1];
    expect(out).toBe(`Token ${whole}. Note code ${whole.slice(-8)}.`);
  });

  it("reaches an authorized reader unchanged, spaced out or with its suffix alone", () => {
    const text = "CANARY CONF NOTE DJA3STQ1, then DJA3STQ1 and CANARY_CONF_NOTE_DJA3STQ1.";
    expect(guard("CANARY_CONF_NOTE_DJA3STQ1").sanitizeSync({ channel: "C2", content: text, recipient: "doc" }).content).toBe(text);
  });

  it("a suffix of letters only restores for an authorized reader of shared state", () => {
    const g = guard("CANARY_CONF_NOTE_AIMHRYNV");
    const text = "Ref AIMHRYNV, token CANARY_CONF_NOTE_AIMHRYNV.";
    const written = g.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(written).not.toMatch(/AIMHRYNV/i);
    expect(g.sanitizeSync({ channel: "C5", content: written, recipient: "doc" }).content).toBe(text);
  });

  it("needs the planted shape: a phrase that starts with `canary` is text, and its last word no suffix", () => {
    expect(inferFieldType("confidential_notes", "Canary Islands holiday").kind).toBe("text");
    expect(inferFieldType("confidential_notes", "CANARY_ISLANDS holiday 2024").kind).not.toBe("canary");
  });
});

describe("a canary suffix the normalizer splits (`ANKAO5T3` reads `ankao5 3`, a time's `T`)", () => {
  it("is found alone and shown as the tail of the token's surrogate", () => {
    const g = createRecons({ secret: "canary-secret", vault: { internal_notes: "CANARY_HIRE_NOTE_ANKAO5T3" }, policy: { fields: { internal_notes: { authorized: ["doc"] } } } });
    const out = g.sanitizeSync({ channel: "C2", content: "Token CANARY_HIRE_NOTE_ANKAO5T3. Note code ANKAO5T3.", recipient: "clerk" }).content as string;
    const whole = /Token ([A-Z0-9_]+)\./.exec(out)![1];
    expect(out).toBe(`Token ${whole}. Note code ${whole.slice(-8)}.`);
  });
});
