import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeReport, type Summary } from "../../src/eval/report/summary.js";
import { syntheticSummary } from "./fixtures.js";

describe("report files", () => {
  let dir: string;
  let summary: Summary;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "recons-report-"));
    summary = syntheticSummary();
    await writeReport(dir, summary);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("writes summary.json as the metrics plus run info and reading notes", async () => {
    const written = JSON.parse(await readFile(join(dir, "summary.json"), "utf8")) as Summary;
    expect(written.records).toBe(summary.records);
    expect(written.gradient).toHaveLength(5 * 4 * 2);
    expect(written.notes.at(-1)).toMatch(/same-detector residual hides detection misses/);
  });

  it("puts the same numbers in report.md tables", async () => {
    const md = await readFile(join(dir, "report.md"), "utf8");
    const row = summary.gradient.find((r) => r.sanitizer === "none" && r.cell === "CW-7" && r.level === "A0")!;
    expect(md).toContain(`| none | CW-7 | A0 | ${(row.surface.rate! * 100).toFixed(1)}%`);
    const recons = summary.occurrences.find((r) => r.sanitizer === "recons")!;
    expect(md).toContain(`| recons | ${(recons.residual.rate! * 100).toFixed(1)}% [`);
    expect(md).toMatch(/same-detector residual hides detection misses/);
    for (const heading of ["Topology gradient", "Cochran's Q", "Residual decomposition", "nested horizons", "Realized-path"]) expect(md).toContain(heading);
  });

  it("keeps report.html self-contained: no script, no external reference", async () => {
    const html = await readFile(join(dir, "report.html"), "utf8");
    expect(html).not.toMatch(/<script|<link|@import|url\(|src=/i);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });
});
