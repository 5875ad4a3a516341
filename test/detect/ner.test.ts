import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createNerDetector } from "../../src/detect/ner.js";

const DEV_TRACES = fileURLToPath(new URL("../../../shared/agentleak/traces_dev.jsonl.gz", import.meta.url));
const NAME_FIELDS = ["name", "patient_name", "customer_name", "client_name", "employee_name", "candidate_name", "opposing_party"];

const spansOf = (text: string, kinds?: ("person" | "organization" | "location")[]) =>
  createNerDetector({ kinds })
    .detect(text)
    .map((d) => ({ text: text.slice(d.start, d.end), kind: d.kind }));

describe("createNerDetector (compromise, no model download)", () => {
  it("finds people with tier 2, no field, and trims punctuation, honorifics and possessives", () => {
    const text = 'Ask Dr. Emily Chen about "Ryan Wilson\'s" file; (Terri Mason) called.';
    const detections = createNerDetector({ kinds: ["person"] }).detect(text);
    expect(detections.map((d) => text.slice(d.start, d.end))).toEqual(["Emily Chen", "Ryan Wilson", "Terri Mason"]);
    for (const d of detections) expect(d).toMatchObject({ field: null, kind: "person", tier: 2, valueType: "value", source: "ner:compromise" });
    expect(detections[0].confidence).toBe(0.9);
  });

  it("splits a name from markup and remarks compromise glued to it", () => {
    expect(spansOf("- **Candidate:** Shaun White (Hiring manager: Lindsay Carney)", ["person"]).map((s) => s.text)).toEqual([
      "Shaun White",
      "Lindsay Carney",
    ]);
  });

  it("finds organizations and locations", () => {
    expect(spansOf("She moved from Boston to work at Google.")).toEqual(
      expect.arrayContaining([
        { text: "Boston", kind: "location" },
        { text: "Google", kind: "organization" },
      ]),
    );
  });

  it("drops bare titles and honours minConfidence and kinds", () => {
    expect(spansOf("Dear Dr., thanks.", ["person"])).toEqual([]);
    expect(createNerDetector({ minConfidence: 0.88 }).detect("Call Ryan about it, then Ryan Wilson.").map((d) => d.confidence)).toEqual([0.9]);
    expect(spansOf("Ryan Wilson lives in Boston.", ["location"]).map((s) => s.kind)).toEqual(["location"]);
    expect(createNerDetector().detect("   ")).toEqual([]);
  });

  it("rejects bad options", () => {
    expect(() => createNerDetector({ kinds: [] })).toThrow();
    expect(() => createNerDetector({ minConfidence: 2 })).toThrow();
  });

  it("recall >= 0.85 and precision >= 0.9 on vault names in a slice of the AgentLeak dev traces", () => {
    // Positives: vault name fields present verbatim in a message. A predicted person is correct when it overlaps one,
    // or every word is a name token seen in some vault or request (the messages also name other real people).
    const traces = gunzipSync(readFileSync(DEV_TRACES)).toString("utf8").trim().split("\n").map((line) => JSON.parse(line));
    const lexicon = new Set<string>();
    for (const t of traces) {
      for (const f of NAME_FIELDS) for (const word of String(t.input.vault[f] ?? "").split(/[\s-]+/)) lexicon.add(word.toLowerCase());
      for (const m of (t.input.request as string).matchAll(/(?<=\w\s)\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)+/gu)) for (const word of m[0].split(/\s+/)) lexicon.add(word.toLowerCase());
    }
    const ner = createNerDetector({ kinds: ["person"] });
    let gold = 0, covered = 0, predicted = 0, correct = 0;
    for (const trace of traces.filter((_: unknown, i: number) => i % 40 === 0)) {
      const names = NAME_FIELDS.map((f) => trace.input.vault[f]).filter(Boolean) as string[];
      for (const { channel, content } of trace.channel_messages as { channel: string; content: string }[]) {
        if (channel === "C5") continue; // C5 repeats a C2 message.
        const found = ner.detect(content);
        for (const name of names) {
          for (let at = content.indexOf(name); at >= 0; at = content.indexOf(name, at + 1)) {
            gold++;
            if (found.some((d) => d.start <= at && d.end >= at + name.length)) covered++;
          }
        }
        for (const d of found) {
          predicted++;
          const surface = content.slice(d.start, d.end);
          const onName = names.some((name) => { const at = content.indexOf(name); return at >= 0 && d.start < at + name.length && at < d.end; });
          if (onName || surface.split(/[\s-]+/).every((word) => lexicon.has(word.toLowerCase()))) correct++;
        }
      }
    }
    expect(gold).toBeGreaterThan(50);
    expect(covered / gold).toBeGreaterThanOrEqual(0.85);
    expect(correct / predicted).toBeGreaterThanOrEqual(0.9);
  });
});
