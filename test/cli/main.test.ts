import { copyFileSync, linkSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";

const FIXTURE = new URL("../fixtures/traces.jsonl", import.meta.url).pathname;

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(["node", "recons", ...args], { writeOut: (text) => (out += text), writeErr: (text) => (err += text) });
  return { code, out, err };
}

function tempFile(name: string): string {
  return join(mkdtempSync(join(tmpdir(), "recons-cli-")), name);
}

describe("recons CLI", () => {
  it("replays a trace file with the chosen sanitizer", async () => {
    const out = tempFile("out.jsonl");
    const result = await run("replay", "--traces", FIXTURE, "--out", out, "--sanitizer", "none");
    expect(result).toMatchObject({ code: 0, out: "" });
    expect(result.err).toMatch(/replayed 2 traces, 5 messages -> 10 lines/);
    const lines = readFileSync(out, "utf8").trim().split("\n");
    expect(lines).toHaveLength(10);
    expect(JSON.parse(lines[1]!)).toMatchObject({ trace_id: "fx_health", index: 0, position: "introduced", decisions: [] });
  });

  it("refuses an --out that is the --traces file under another name (a symbolic or hard link), leaving the traces as they were", async () => {
    const dir = mkdtempSync(join(tmpdir(), "recons-cli-"));
    const traces = join(dir, "traces.jsonl");
    copyFileSync(FIXTURE, traces);
    symlinkSync(traces, join(dir, "symbolic.jsonl"));
    linkSync(traces, join(dir, "hard.jsonl"));
    for (const out of ["symbolic.jsonl", "hard.jsonl"]) {
      const result = await run("replay", "--traces", traces, "--out", join(dir, out));
      expect(result.code, out).not.toBe(0);
      expect(result.err).toMatch(/--out names the --traces file/);
    }
    expect(readFileSync(traces, "utf8")).toBe(readFileSync(FIXTURE, "utf8"));
  });

  it("scores a replay as a table followed by JSON", async () => {
    const out = tempFile("out.jsonl");
    await run("replay", "--traces", FIXTURE, "--out", out);
    const result = await run("replay-score", "--traces", FIXTURE, "--replayed", out, "--examples", "0");
    expect(result.code).toBe(0);
    const [table, json] = result.out.split("\n\n");
    expect(table).toMatch(/^metric\s+rate\s+count\s+target\s+met/);
    expect(JSON.parse(json!)).toMatchObject({ lines: 10, examples: [], meetsTargets: { residual: true } });
  });

  it("replays and scores the real traces bundled in data/ as the README shows, with no residual", async () => {
    const sample = new URL("../../data/agentleak-traces-sample.jsonl", import.meta.url).pathname;
    const out = tempFile("sample.jsonl");
    expect((await run("replay", "--traces", sample, "--out", out)).err).toMatch(/replayed 12 traces, 60 messages -> 120 lines/);
    const result = await run("replay-score", "--traces", sample, "--replayed", out, "--examples", "0");
    const report = JSON.parse(result.out.split("\n\n")[1]!);
    expect(report).toMatchObject({ lines: 120, residual: { overall: { numerator: 0 } }, meetsTargets: { residual: true, authorizedKept: true, textKept: true } });
  });

  it("calibrate fails where no threshold finds any labelled leak, instead of choosing one that finds none (round 14 walkthrough)", async () => {
    const labels = tempFile("labels.jsonl");
    const line = (label: number, score: number) => JSON.stringify({ text: "a note", field: "ssn", value: "985-71-8578", kind: "ssn", label, score });
    writeFileSync(labels, [line(1, 0.1), line(1, 0.2), line(0, 0.7), line(0, 0.8)].join("\n") + "\n");
    const result = await run("calibrate", "--labels", labels);
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/no threshold finds any labelled leak/);
  });

  it("rejects a bad sanitizer naming the allowed choices", async () => {
    const result = await run("replay", "--traces", FIXTURE, "--out", tempFile("x.jsonl"), "--sanitizer", "magic");
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/argument 'magic' is invalid\. Allowed choices are recons, static, blanket, none/);
  });

  it("errors clearly on a missing option, a bad number and a missing file", async () => {
    expect((await run("replay", "--out", "x.jsonl")).err).toMatch(/required option '--traces <file>' not specified/);
    expect((await run("replay-score", "--traces", FIXTURE, "--replayed", "x", "--examples", "-2")).err).toMatch(/non-negative integer/);
    const missing = await run("replay", "--traces", "/nonexistent/traces.jsonl", "--out", tempFile("x.jsonl"));
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.err).toMatch(/^error: ENOENT.*\/nonexistent\/traces\.jsonl/);
  });

  it("names the line of a malformed replay file", async () => {
    const result = await run("replay-score", "--traces", FIXTURE, "--replayed", FIXTURE);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/traces\.jsonl:1: .*index/);
  });

  it("runs the topology demo offline: leaks without RECONS, none with it", async () => {
    const result = await run("demo");
    expect(result.code).toBe(0);
    const [without, withRecons] = result.out.split("== With RECONS ==");
    expect(without).toMatch(/worker_3\s+introduced\s+-\s+\w/);
    expect(withRecons).toMatch(/worker_3\s+introduced\s+-\s+-\s*$/m);
  });

  it("runs the message demo offline and prints decisions for both recipients", async () => {
    const result = await run("demo", "--messages");
    expect(result.code).toBe(0);
    expect(result.out).toContain("-> scheduler (original)");
    expect(result.out).toContain("-> billing_bot (introduced)");
    expect(result.out).toMatch(/field\s+kind\s+type\s+action\s+fallback\s+reason/);
    const outputs = result.out.split("\n").filter((line) => line.startsWith("->"));
    expect(outputs).toHaveLength(6);
    for (const line of outputs) expect(line).not.toContain("121 83 2523");
  });

  it("takes --samples alone as the message demo of that file, and names a file it cannot read (round 14 walkthrough)", async () => {
    const samples = new URL("../../data/sample-messages.json", import.meta.url).pathname;
    expect((await run("demo", "--samples", samples)).out).toContain("-> billing_bot (introduced)");
    const missing = await run("demo", "--samples", "/nonexistent.json");
    expect(missing.code).not.toBe(0);
    expect(missing.err).toContain("/nonexistent.json");
  });
});
