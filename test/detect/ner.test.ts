import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createNerDetector } from "../../src/detect/ner.js";
import { createRecons } from "../../src/guard.js";

/** Every 40th dev trace (vault names, non-C5 messages) and the name words of all dev vaults and requests: see its `source`. */
const NAME_SLICE = new URL("../fixtures/agentleak-name-slice.json", import.meta.url);

interface NameSlice {
  lexicon: string[];
  traces: Array<{ names: string[]; messages: string[] }>;
}

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
    const slice = JSON.parse(readFileSync(NAME_SLICE, "utf8")) as NameSlice;
    const lexicon = new Set(slice.lexicon);
    const ner = createNerDetector({ kinds: ["person"] });
    let gold = 0, covered = 0, predicted = 0, correct = 0;
    for (const { names, messages } of slice.traces) {
      for (const content of messages) {
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

describe("NER beside the vault", () => {
  const guard = () =>
    createRecons({
      secret: "ner-vault",
      vault: { patient_name: "Lisa Dixon", home_address: "12 Harbor Road, Portland, ME 04101" },
      policy: { fields: { patient_name: { kind: "name", valueType: "value", authorized: ["scheduler"] }, home_address: { authorized: ["scheduler"] } } },
      detectors: [createNerDetector()],
    });

  it.each(["Ms. Dixon called.", "Patient: Ms. Dixon", "Dr. Dixon will call back.", "Lisa Dixon lives at 12 Harbor Road, Portland, ME 04101."])(
    "%s: a person NER finds inside a registered name the reader may see is that name, kept as written",
    (text) => {
      expect(guard().sanitizeSync({ channel: "C2", content: text, recipient: "scheduler" }).content).toBe(text);
      expect(guard().sanitizeSync({ channel: "C2", content: text, recipient: "clerk" }).content).not.toContain("Dixon");
    },
  );

  it("still protects another person NER finds beside it", () => {
    const text = "Ms. Dixon met Harold Finch.";
    const out = guard().sanitizeSync({ channel: "C2", content: text, recipient: "scheduler" });
    expect(out.content).toContain("Ms. Dixon");
    expect(out.content).not.toContain("Harold Finch");
  });
});
