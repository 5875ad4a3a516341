import { describe, expect, it } from "vitest";
import { createRecons } from "../src/guard.js";
import type { Detection } from "../src/detect/base.js";

const SSN = "939-79-6410";
const vault = { ssn: SSN, patient_name: "Dwayne Sanchez", diagnosis: "chronic back pain" };
const policy = {
  fields: {
    ssn: { valueType: "format", kind: "ssn", authorized: ["intake"] },
    patient_name: { valueType: "value", kind: "name", authorized: ["intake"] },
    diagnosis: { valueType: "contextual", kind: "text", authorized: ["doctor"] },
  },
} as const;
const guardWith = (extra: Record<string, unknown>) => createRecons({ secret: "plugins-test", vault, policy, ...extra });
const message = `Patient Dwayne Sanchez, SSN ${SSN}, on file.`;
const paraphrase = "Patient suffers from persistent lumbar discomfort for years, see notes.";
const ner = (detect: (text: string) => unknown) => ({ name: "ner", detect });
const person = (text: string): Detection[] => {
  const start = text.indexOf("John Smith");
  return start < 0 ? [] : [{ start, end: start + 10, field: null, kind: "person", valueType: "value", tier: 2, confidence: 0.9, source: "ner" }];
};

describe("plug-ins that misbehave end in redaction with a reason (review 7)", () => {
  it("a detector's span outside the text is a detection error, not text copied around the span", () => {
    const text = `SSN ${SSN} on file.${" and more".repeat(40)}`;
    const guard = guardWith({ detectors: [ner(() => [{ start: -3, end: 2, field: null, kind: "person", valueType: "value", tier: 2, confidence: 0.9, source: "ner" }])] });
    const result = guard.sanitizeSync({ channel: "C2", content: text, recipient: "scheduler" });
    expect(result.content).toBe("[REDACTED:detection-error]");
    expect(result.decisions.map((decision) => decision.fallback)).toEqual(["detection-error"]);
  });

  it("an async detector (a Promise, not detections) is a detection error, not silently nothing found", () => {
    const sync = guardWith({ detectors: [ner(person)] }).sanitizeSync({ channel: "C2", content: "Call John Smith tomorrow.", recipient: "scheduler" });
    expect(sync.content).toBe("Call [REDACTED:person] tomorrow.");
    const async = guardWith({ detectors: [ner(async (text: string) => person(text))] }).sanitizeSync({ channel: "C2", content: "Call John Smith tomorrow.", recipient: "scheduler" });
    expect(async.content).toBe("[REDACTED:detection-error]");
  });

  it("an operator whose output encodes its input (base64) ends in redaction at once, not in a loop decoding and sanitizing it again", () => {
    const encoding = guardWith({ operators: [{ action: "fpe", name: "base64", apply: (input: { value: string }) => ({ text: Buffer.from(input.value).toString("base64") }) }] });
    // Without the bound this call ran for minutes (45 levels of base64): the test's own timeout catches a loop.
    const result = encoding.sanitizeSync({ channel: "C2", content: message, recipient: "scheduler" });
    expect(JSON.stringify(result)).not.toContain(SSN);
    expect(result.decisions.some((decision) => decision.fallback === "detection-error")).toBe(true);
  });

  it("an operator's output that is not { text } redacts that value; its exception note never quotes the value", () => {
    const bare = guardWith({ operators: [{ action: "fpe", name: "bare", apply: () => "000-00-0000" }] }).sanitizeSync({ channel: "C2", content: message, recipient: "scheduler" });
    expect(bare.content).toContain("[REDACTED:ssn]");
    expect(bare.decisions.find((decision) => decision.field === "ssn")?.fallback).toBe("operator-invalid-output");
    const noted = guardWith({ operators: [{ action: "fpe", name: "noted", apply: (input: { value: string }) => ({ text: "000-00-0000", exception: `could not encrypt ${input.value}` }) }] });
    const decisions = noted.sanitizeSync({ channel: "C2", content: message, recipient: "scheduler" }).decisions;
    expect(JSON.stringify(decisions)).not.toContain(SSN);
    expect(decisions.find((decision) => decision.field === "ssn")?.reason).toMatch(/could not encrypt/);
  });

  it("a judge verdict of the wrong shape is a judge error; a score over the judge's threshold counts as disclosed", async () => {
    const shapeless = guardWith({ judge: { threshold: 0.5, score: async () => ({ score: 0.97, promptHash: "p-chronic back pain" }) } });
    const result = await shapeless.sanitize({ channel: "C2", content: paraphrase, recipient: "scheduler" });
    expect(result.content).toBe("[REDACTED:text]");
    expect(JSON.stringify(result.decisions)).not.toContain("chronic back pain");
    const overThreshold = guardWith({ judge: { threshold: 0.5, score: async () => ({ score: 0.97, disclosed: false, promptHash: "h1" }) } });
    expect((await overThreshold.sanitize({ channel: "C2", content: paraphrase, recipient: "scheduler" })).content).toBe("[REDACTED:text]");
  });

  it("a rewrite that still holds the span is refused (rewrite-unverified)", async () => {
    const guard = guardWith({
      judge: { threshold: 0.5, score: async () => ({ score: 0.97, disclosed: true, promptHash: "h1" }) },
      rewriter: { rewrite: async (request: { span: string }) => ({ text: request.span, attempts: 1 }) },
    });
    const result = await guard.sanitize({ channel: "C2", content: paraphrase, recipient: "scheduler" });
    expect(result.content).toBe("[REDACTED:text]");
    expect(result.decisions.map((decision) => decision.fallback)).toEqual(["rewrite-unverified"]);
  });
});

describe("sanitize's own arguments are checked and named (review 7)", () => {
  const guard = guardWith({});
  it.each([
    [{ channel: "C2", content: message, recipent: "scheduler" }, /recipent/],
    [{ channel: "c6", content: message, recipient: "scheduler" }, /channel/],
    [{ content: message, recipient: "scheduler" }, /channel/],
    [{ channel: "C2", content: message, recipient: "scheduler", position: "orig" }, /position/],
  ])("%j is refused naming the field", (event, field) => {
    expect(() => guard.sanitizeSync(event as never)).toThrow(field);
  });

  it("a misspelled option and a wrong restore channel are refused", () => {
    expect(() => guard.sanitizeSync({ channel: "C5", content: message }, { reversable: true } as never)).toThrow(/reversable/);
    expect(() => guard.restore(message, "intake", "C9" as never)).toThrow(/channel/);
  });

  it("content whose getter throws is refused with the getter's message scrubbed", () => {
    const content = {
      get ssn(): string {
        throw new Error(`getter failed on ${SSN}`);
      },
    };
    expect(() => guard.sanitizeSync({ channel: "C2", content, recipient: "scheduler" })).toThrow(/getter failed on \[REDACTED/);
  });
});

describe("a value allowed whole that holds another field's value the recipient may not see (review 7)", () => {
  it("protects the nested value and keeps the rest of the allowed span", () => {
    const guard = createRecons({
      secret: "nested-test",
      vault: { intake_note: `Referred by Dr. Hale, SSN ${SSN} verified`, ssn: SSN, home_address: "1234 Elm St, Springfield, IL 62704", zip: "62704" },
      policy: {
        fields: {
          intake_note: { kind: "text", valueType: "contextual", authorized: ["doctor"] },
          ssn: { kind: "ssn", authorized: ["intake"] },
          home_address: { kind: "address", authorized: ["courier"] },
          zip: { kind: "zip", authorized: [] },
        },
      },
    });
    const note = guard.sanitizeSync({ channel: "C2", content: `Note: Referred by Dr. Hale, SSN ${SSN} verified.`, recipient: "doctor" });
    expect(note.content).toMatch(/^Note: Referred by Dr\. Hale, SSN \d{3}-\d{2}-\d{4} verified\.$/);
    expect(note.content).not.toContain(SSN);
    // The note's own allow stays in the trail beside the SSN's protection inside it.
    const outer = note.decisions.find((d) => d.field === "intake_note");
    expect(outer).toMatchObject({ action: "allow", reason: expect.stringMatching(/;inner-values-protected$/) });
    expect(note.decisions.find((d) => d.field === "ssn")?.action).not.toBe("allow");
    const parcel = guard.sanitizeSync({ channel: "C2", content: "Ship to 1234 Elm St, Springfield, IL 62704 please.", recipient: "courier" });
    expect(parcel.content).toMatch(/^Ship to 1234 Elm St, Springfield, IL \S+ please\.$/);
    expect(parcel.content).not.toContain("62704");
    // A value that is part of another token (the name in an email the reader may see) is the email's.
    const mail = createRecons({ secret: "nested-test", vault: { email: "maria.gonzalez@example.com", patient_name: "Maria Gonzalez" }, policy: { fields: { email: { kind: "email", authorized: ["scheduler"] }, patient_name: { kind: "name", authorized: [] } } } });
    expect(mail.sanitizeSync({ channel: "C2", content: "Write to maria.gonzalez@example.com.", recipient: "scheduler" }).content).toBe("Write to maria.gonzalez@example.com.");
  });

  it("protects the nested value after a log's or markdown's mark, and after a joiner between letters and digits (round 14 audit)", () => {
    for (const mark of ["=", "#", "*", "|", "_", "/"]) {
      const note = `patient ssn${mark}${SSN} verified`;
      const guard = createRecons({
        secret: "nested-test",
        vault: { intake_note: note, ssn: SSN },
        policy: { fields: { intake_note: { kind: "text", valueType: "contextual", authorized: ["nurse"] }, ssn: { kind: "ssn", authorized: [] } } },
      });
      const out = guard.sanitizeSync({ channel: "C2", content: `Intake note: ${note}`, recipient: "nurse" }).content as string;
      expect(out, mark).toMatch(new RegExp(`^Intake note: patient ssn\\${mark}\\d{3}-\\d{2}-\\d{4} verified$`));
      expect(out, mark).not.toContain(SSN);
    }
  });

  it("a plug-in detector claiming the whole text for an allowed field does not let the vault values inside it through", () => {
    const guard = guardWith({ detectors: [ner((text: string) => [{ start: 0, end: text.length, field: "diagnosis", kind: "text", valueType: "contextual", tier: 2, confidence: 0.9, source: "linker" }])] });
    const out = guard.sanitizeSync({ channel: "C2", content: message, recipient: "doctor" }).content as string;
    expect(out).not.toContain(SSN);
    expect(out).not.toContain("Dwayne Sanchez");
  });
});

describe("plug-ins and vault entries of the wrong shape are refused naming the field (review 7)", () => {
  it.each([
    [{ operators: [{ action: "fpee", name: "typo", apply: () => ({ text: "" }) }] }, /operators\.0: an operator needs/],
    [{ operators: [{ action: "allow", name: "noop", apply: () => ({ text: "" }) }] }, /operators\.0/],
    [{ recognizers: [{ detect: () => [] }] }, /recognizers\.0: a recognizer needs/],
    [{ detectors: [{ detect: () => [] }] }, /detectors\.0: a detector needs/],
    [{ judge: { score: async () => ({}) } }, /judge: a judge needs score\(\) and a threshold/],
  ])("createRecons(%j) throws", (options, message) => {
    expect(() => createRecons({ secret: "s", ...options })).toThrow(message);
  });

  it("vault.add refuses what is no value (undefined would register the word 'undefined') and a field that is no name", () => {
    const guard = createRecons({ secret: "s" });
    expect(() => guard.vault.add("note", undefined as never)).toThrow(/vault\.add arguments:\s+value/);
    expect(() => guard.vault.add(42 as never, "a")).toThrow(/field/);
    guard.vault.add("witnesses", ["Ann Lee"]);
    expect(guard.sanitizeSync({ channel: "C2", content: "undefined behaviour", recipient: "x" }).content).toBe("undefined behaviour");
  });
});

describe("a judge or rewriter that never answers (review 7)", () => {
  it("redacts after pluginTimeoutMs instead of hanging the run", async () => {
    const never = () => new Promise<never>(() => undefined);
    const silentJudge = guardWith({ pluginTimeoutMs: 50, judge: { threshold: 0.5, score: never } });
    const judged = await silentJudge.sanitize({ channel: "C2", content: paraphrase, recipient: "scheduler" });
    expect(judged.content).toBe("[REDACTED:text]");
    expect(judged.decisions.map((decision) => decision.fallback)).toEqual(["judge-error"]);
    const silentRewriter = guardWith({ pluginTimeoutMs: 50, judge: { threshold: 0.5, score: async () => ({ score: 0.9, disclosed: true, promptHash: "h1" }) }, rewriter: { rewrite: never } });
    const rewritten = await silentRewriter.sanitize({ channel: "C2", content: paraphrase, recipient: "scheduler" });
    expect(rewritten.decisions.map((decision) => decision.fallback)).toEqual(["rewrite-timeout"]);
  });
});
