import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { calibrateCommand, readLabels } from "../../src/cli/calibrate.js";
import { calibrateThreshold, formatCalibration, type ScoredLabel } from "../../src/detect/calibration.js";
import { startOpenAIServer, userText, type OpenAIServer } from "../helpers/openai-server.js";

const scored = (pairs: [number, 0 | 1][]): ScoredLabel[] => pairs.map(([score, label]) => ({ score, label }));

describe("calibrateThreshold (section 4.5)", () => {
  it("sweeps 0.35..0.95 in 61 steps with exact grid values", () => {
    const { rows } = calibrateThreshold(scored([[0.9, 1], [0.1, 0]]));
    expect(rows).toHaveLength(61);
    expect(rows[0].threshold).toBe(0.35);
    expect(rows[15].threshold).toBe(0.5);
    expect(rows.at(-1)!.threshold).toBe(0.95);
  });

  it("computes precision, recall, FPR, F1 at a threshold", () => {
    // At 0.5: TP = 0.9, 0.6; FP = 0.7; FN = 0.4; TN = 0.2, 0.1.
    const { rows } = calibrateThreshold(scored([[0.9, 1], [0.6, 1], [0.4, 1], [0.7, 0], [0.2, 0], [0.1, 0]]), { maxFpr: 1 });
    const row = rows.find((r) => r.threshold === 0.5)!;
    expect([row.tp, row.fp, row.tn, row.fn]).toEqual([2, 1, 2, 1]);
    expect(row.precision).toBeCloseTo(2 / 3);
    expect(row.recall).toBeCloseTo(2 / 3);
    expect(row.fpr).toBeCloseTo(1 / 3);
    expect(row.f1).toBeCloseTo(2 / 3);
  });

  it("maximises F1 only among thresholds with FPR < maxFpr", () => {
    // 20 negatives; one at 0.55. Below 0.55 the FPR is 1/20 = 0.05, not < 0.05: ineligible even though recall is higher.
    const negatives = Array.from({ length: 19 }, () => [0.1, 0] as [number, 0]);
    const instances = scored([...negatives, [0.55, 0], [0.9, 1], [0.5, 1]]);
    const { chosen, tiedThresholds } = calibrateThreshold(instances);
    expect(chosen!.fpr).toBeLessThan(0.05);
    expect(tiedThresholds[0]).toBe(0.56);
    expect(chosen!.recall).toBe(0.5);
    expect(calibrateThreshold(instances, { maxFpr: 0.1 }).chosen!.recall).toBe(1);
  });

  it("picks the middle of a tied interval, like the paper's zeta = 0.50 inside [0.35, 0.60)", () => {
    const { chosen, tiedThresholds } = calibrateThreshold(scored([[0.3, 0], [0.6, 1], [0.97, 1]]));
    expect(tiedThresholds).toHaveLength(26);
    expect(chosen!.threshold).toBe(0.47);
  });

  it("returns no point when every threshold breaks the FPR bound", () => {
    expect(calibrateThreshold(scored([[0.99, 0], [0.99, 1]])).chosen).toBeNull();
  });

  it("rejects empty input and scores outside [0, 1]", () => {
    expect(() => calibrateThreshold([])).toThrow();
    expect(() => calibrateThreshold(scored([[Number.NaN, 1]]))).toThrow();
  });

  it("the chosen point always satisfies the constraint and has the best eligible F1", () => {
    const instance = fc.record({ score: fc.double({ min: 0, max: 1, noNaN: true }), label: fc.constantFrom<0 | 1>(0, 1) });
    fc.assert(
      fc.property(fc.array(instance, { minLength: 1, maxLength: 60 }), (instances) => {
        const { rows, chosen } = calibrateThreshold(instances);
        const eligible = rows.filter((r) => r.fpr < 0.05);
        if (!chosen) return eligible.length === 0;
        return chosen.fpr < 0.05 && eligible.every((r) => r.f1 <= chosen.f1);
      }),
    );
  });

  it("formats a table that marks the chosen row", () => {
    const table = formatCalibration(calibrateThreshold(scored([[0.9, 1], [0.1, 0]])));
    expect(table.split("\n")).toHaveLength(62);
    expect(table).toMatch(/^0\.62 .*<- chosen$/m);
  });
});

describe("recons calibrate", () => {
  let server: OpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const run = async (args: string[]) => {
    let out = "";
    const command = calibrateCommand().configureOutput({ writeOut: (text) => void (out += text) });
    await command.parseAsync(args, { from: "user" });
    return out;
  };

  const labelsFile = async (lines: object[]) => {
    const path = join(await mkdtemp(join(tmpdir(), "recons-cal-")), "labels.jsonl");
    await writeFile(path, lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
    return path;
  };

  const base = { field: "diagnosis_real", value: "Major Depressive Disorder", kind: "diagnosis" };

  it("uses recorded scores and prints the table and the chosen point", async () => {
    const path = await labelsFile([
      { ...base, text: "persistent low mood, SSRIs", label: 1, score: 0.92 },
      { ...base, text: "see you on Monday", label: 0, score: 0.05 },
      { ...base, text: "mental health follow-up", label: 1, score: 0.55 },
    ]);
    const out = await run(["--labels", path]);
    expect(out).toContain("3 labelled instances (2 leaks, 1 non-leaks)");
    expect(out).toMatch(/chosen zeta=0\.45 precision=1\.0000 recall=1\.0000 FPR=0\.0000 F1=1\.0000 \(max F1 reached on 0\.35\.\.0\.55\)/);
  });

  it("asks the judge over HTTP for labels without a score", async () => {
    server = await startOpenAIServer((request) => ({
      kind: "structured",
      value: { score: /low mood|depress/i.test(userText(request).split("<text>")[1]) ? 0.8 : 0.2 },
    }));
    const path = await labelsFile([
      { ...base, text: "ongoing low mood, on sertraline", label: 1 },
      { ...base, text: "lunch is at noon", label: 0 },
      { ...base, text: "recorded already", label: 1, score: 0.9 },
    ]);
    const out = await run(["--labels", path, "--model", "judge", "--base-url", server.baseURL, "--api-key", "test"]);
    expect(server.requests).toHaveLength(2);
    expect(out).toMatch(/prompt hash [0-9a-f]{12}/);
    expect(out).toContain("F1=1.0000");
  });

  it("names a judge answer that is not the requested JSON as malformed, without retrying it past the deadline", async () => {
    server = await startOpenAIServer(() => ({ kind: "content", content: "I think it is fine, not JSON at all." }));
    const path = await labelsFile([{ ...base, text: "ongoing low mood, on sertraline", label: 1 }]);
    const started = performance.now();
    await expect(run(["--labels", path, "--model", "judge", "--base-url", server.baseURL, "--api-key", "test", "--timeout-ms", "20000"])).rejects.toThrow(
      /disclosure_verdict: malformed model output \(not the requested JSON\)/,
    );
    expect(server.requests.length).toBeLessThanOrEqual(2);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it("reads the shipped calibration set: semantic-middle instances with both classes", async () => {
    const labels = await readLabels(fileURLToPath(new URL("../../data/calibration-labels.jsonl", import.meta.url)));
    expect(labels.length).toBeGreaterThanOrEqual(100);
    expect(labels.filter((entry) => entry.label === 1).length).toBeGreaterThanOrEqual(30);
    expect(labels.filter((entry) => entry.label === 0).length).toBeGreaterThanOrEqual(30);
    for (const entry of labels) expect(entry.text.toLowerCase()).not.toContain(entry.value.toLowerCase());
  });

  it("refuses unscored labels without a model, and malformed lines with their line number", async () => {
    const unscored = await labelsFile([{ ...base, text: "x", label: 1 }]);
    await expect(run(["--labels", unscored, "--model", ""])).rejects.toThrow(/--model/);
    const malformed = await labelsFile([{ ...base, text: "x", label: 2 }]);
    await expect(readLabels(malformed)).rejects.toThrow(/labels\.jsonl:1: label/);
  });
});

