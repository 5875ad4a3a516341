import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseRecords, recordKey } from "../../src/eval/record.js";
import { runSweep, type SweepOptionsInput } from "../../src/eval/runner.js";

const SAMPLE = "data/agentleak-sample.jsonl";

describe("runSweep", () => {
  let dir: string;
  let options: SweepOptionsInput;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "recons-sweep-"));
    options = { corpus: SAMPLE, out: dir, cells: ["CW-2", "CW-7"], levels: ["A0"], horizons: [1], sanitizers: ["none", "recons"], limit: 2, concurrency: 1, progress: false };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("writes one whole record per job, resumes without rerunning, and summarizes", async () => {
    const first = await runSweep(options);
    expect(first.written).toBe(2 * 2 * 1 * 2 * 2);
    const records = parseRecords(await readFile(join(dir, "records.jsonl"), "utf8"));
    expect(new Set(records.map(recordKey)).size).toBe(16);
    expect(records.every((r) => r.events.length > 0 && r.tracked.value !== "")).toBe(true);
    const none = first.summary.gradient.find((r) => r.sanitizer === "none" && r.cell === "CW-2")!;
    expect(none.newAgent.count).toBe(0);
    const again = await runSweep(options);
    expect(again).toMatchObject({ written: 0, skipped: 16, records: 16 });
    for (const file of ["summary.json", "report.md", "report.html"]) expect((await readFile(join(dir, file), "utf8")).length).toBeGreaterThan(100);
  });

  it("runs P2P-10's parallel tool calls in process without Node's listener-leak warning", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      await runSweep({ ...options, cells: ["P2P-10"], sanitizers: ["none"], limit: 1 });
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });

  it("stops on abort with whole lines only, marks the summary partial, and resumes after a torn line", async () => {
    const controller = new AbortController();
    const interrupted = await runSweep(options, { signal: controller.signal, onRecord: (n) => n === 3 && controller.abort() });
    expect(interrupted).toMatchObject({ interrupted: true, written: 3 });
    expect(interrupted.summary.run.complete).toBe(false);
    const text = await readFile(join(dir, "records.jsonl"), "utf8");
    expect(text.endsWith("\n")).toBe(true);
    // A whole line that is not a record (newline and all) is someone else's: refused, the file left as it is.
    await writeFile(join(dir, "records.jsonl"), `${text}hello world\n`);
    await expect(runSweep(options)).rejects.toThrow(/records\.jsonl:4: not a record line/);
    expect(await readFile(join(dir, "records.jsonl"), "utf8")).toBe(`${text}hello world\n`);
    await writeFile(join(dir, "records.jsonl"), `${text}{"scenario_id":"torn`);
    const resumed = await runSweep(options);
    expect(resumed).toMatchObject({ skipped: 3, written: 13, records: 16 });
  });

  it("reports only the records the sweep asks for when resumed into a file of a wider one", async () => {
    const wide = await runSweep(options);
    const narrow = await runSweep({ ...options, cells: ["CW-2"] });
    expect(narrow).toMatchObject({ written: 0, skipped: wide.records / 2 });
    expect(narrow.summary.records).toBe(wide.records / 2);
    expect(JSON.stringify(narrow.summary.gradient)).not.toContain("CW-7");
  });

  it("runs the same records on worker processes, measured there as the file would be", async () => {
    const result = await runSweep({ ...options, cells: ["CW-2"], concurrency: 2 });
    expect(result).toMatchObject({ written: 8, failures: [] });
    // Resumed from the file: every record is measured again by this process.
    await writeFile(join(dir, "records.jsonl"), (await readFile(join(dir, "records.jsonl"), "utf8")).split("\n").slice(0, 7).join("\n"));
    const reread = await runSweep({ ...options, cells: ["CW-2"], concurrency: 1 });
    expect(reread).toMatchObject({ skipped: 6, written: 2 });
    expect(reread.summary.occurrences).toEqual(result.summary.occurrences);
    expect(reread.summary.gradient).toEqual(result.summary.gradient);
  });
});
