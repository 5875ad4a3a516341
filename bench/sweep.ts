/**
 * Full-size sweep timing: the dev corpus scaled to 500 scenarios (copies under new ids, so the
 * pairs, scripts and keys differ) x 6 cells x 3 levels x 2 pair members on the scripted model, on
 * every core: with RECONS (goal <= 120 s), and with sanitizer `none` as the reference measured in
 * the same run (the same graphs, recording and measuring, no guard: what the harness alone costs).
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runSweep } from "../src/eval/runner.js";

/** The dev scenarios beside the checkout, else the bundled sample (scaled up the same way). */
const DEV_CORPUS = [
  fileURLToPath(new URL("../../shared/agentleak/scenarios_dev.jsonl", import.meta.url)),
  fileURLToPath(new URL("../data/agentleak-sample.jsonl", import.meta.url)),
].find((path) => existsSync(path))!;
const SCENARIOS = 500;

async function scaledCorpus(dir: string, source: string, size: number): Promise<string> {
  const lines = (await readFile(source, "utf8")).split("\n").filter((line) => line.trim() !== "");
  const scaled = Array.from({ length: size }, (_, i) => {
    const scenario = JSON.parse(lines[i % lines.length]) as { scenario_id: string };
    return JSON.stringify({ ...scenario, scenario_id: `${scenario.scenario_id}~${Math.floor(i / lines.length)}` });
  });
  const path = join(dir, "scenarios.jsonl");
  await writeFile(path, `${scaled.join("\n")}\n`);
  return path;
}

export interface SweepTimes {
  /** Wall seconds of the sweep with RECONS. */
  recons: number;
  /** Wall seconds of the same sweep with sanitizer `none`. */
  none: number;
}

export async function benchSweep(corpus = DEV_CORPUS, scenarios = SCENARIOS): Promise<SweepTimes> {
  const dir = await mkdtemp(join(tmpdir(), "recons-bench-sweep-"));
  try {
    const scaled = await scaledCorpus(dir, corpus, scenarios);
    const timed = async (sanitizer: "recons" | "none") => {
      const started = performance.now();
      await runSweep({ corpus: scaled, out: join(dir, sanitizer), horizons: [1], sanitizers: [sanitizer], progress: false });
      const seconds = (performance.now() - started) / 1000;
      // Records of 18,000 runs take gigabytes: gone before the next sweep writes its own.
      await rm(join(dir, sanitizer), { recursive: true, force: true });
      return seconds;
    };
    return { recons: await timed("recons"), none: await timed("none") };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
