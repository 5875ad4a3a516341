/** Renders report.html in headless Chromium and checks the charts are drawn and show summary.json's numbers. */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeReport, type Summary } from "../../src/eval/report/summary.js";
import { syntheticSummary } from "./fixtures.js";

const CHROMIUM = "/usr/bin/chromium";
const LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** The value at a dotted summary.json path (`gradient.3.newAgent`). */
function at(summary: Summary, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], summary);
}

interface Proportion {
  count: number;
  total: number;
  rate: number | null;
}

function isProportion(value: unknown): value is Proportion {
  return typeof value === "object" && value !== null && "total" in value && "rate" in value;
}

describe("report.html in Chromium", () => {
  let dir: string;
  let summary: Summary;
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "recons-html-"));
    summary = syntheticSummary();
    await writeReport(dir, summary);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(join(dir, "report.html")).href);
    await page.screenshot({ path: "/tmp/recons-report.png", fullPage: true });
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("loads nothing but the page itself", () => {
    expect(requests).toEqual([pathToFileURL(join(dir, "report.html")).href]);
  });

  it("draws every chart with visible bars, whiskers and lines", async () => {
    const charts = await page.$$eval("figure.chart svg", (svgs) => svgs.map((svg) => ({ id: svg.parentElement!.id, ...svg.getBoundingClientRect().toJSON() })));
    const ids = charts.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(["chart-gradient-A0", "chart-gradient-A2", "chart-residual-allow", "chart-channels", "chart-decomposition", "chart-horizon-all"]));
    for (const chart of charts) expect(chart.width * chart.height).toBeGreaterThan(0);
    const bars = await page.$$eval("rect.bar", (rects) => rects.map((r) => r.getBoundingClientRect().toJSON() as { width: number; height: number }));
    expect(bars.length).toBeGreaterThan(50);
    expect(bars.filter((b) => b.height > 5 && b.width > 5).length).toBeGreaterThan(10);
    expect(await page.locator("#chart-gradient-A0 path.ci").count()).toBeGreaterThan(0);
    expect(await page.locator("#chart-horizon-all path.line").count()).toBe(summary.sanitizers.length);
    expect(await page.locator("#chart-decomposition rect.segment").count()).toBeGreaterThan(0);
  });

  it("shows in the charts the values of summary.json", async () => {
    const marks = await page.$$eval("[data-key][data-value]", (nodes) => nodes.map((n) => ({ key: n.getAttribute("data-key")!, value: Number(n.getAttribute("data-value")) })));
    expect(marks.length).toBeGreaterThan(50);
    for (const mark of marks) {
      const expected = at(summary, mark.key);
      expect(isProportion(expected) ? expected.rate : expected, mark.key).toBeCloseTo(mark.value, 10);
    }
    // The CW-2 bar of the unsanitized gradient is zero by construction, the CW-7 bar is not.
    const bar = (cell: string) => page.locator(`#chart-gradient-A0 rect.bar[data-series="none"][data-group="${cell}"]`).getAttribute("data-value");
    expect(Number(await bar("CW-2"))).toBe(0);
    expect(Number(await bar("CW-7"))).toBeGreaterThan(0);
  });

  it("shows in the tables the numbers of summary.json", async () => {
    const cells = await page.$$eval("td[data-key]", (tds) => tds.map((td) => ({ key: td.getAttribute("data-key")!, text: td.textContent! })));
    expect(cells.length).toBeGreaterThan(100);
    for (const { key, text } of cells) {
      const expected = at(summary, key);
      if (isProportion(expected)) {
        if (expected.rate === null) expect(text).toMatch(/^n\/a/);
        else expect(text, key).toContain(`${(expected.rate * 100).toFixed(1)}% [`);
        if (expected.rate !== null) expect(text, key).toContain(`(${expected.count}/${expected.total})`);
      } else if (typeof expected === "number") {
        expect(Number.parseFloat(text), key).toBeCloseTo(key.endsWith(".rate") ? expected * 100 : expected, key.endsWith(".q") ? 1 : 2);
      } else {
        expect(text, key).toBe("n/a");
      }
    }
    expect(await page.locator(".caveat").textContent()).toMatch(/same-detector residual hides detection misses/);
  });

  it("matches the summary.json written beside it", async () => {
    const written = JSON.parse(await readFile(join(dir, "summary.json"), "utf8")) as Summary;
    expect(written.occurrences).toEqual(summary.occurrences);
  });
});
