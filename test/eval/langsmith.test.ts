import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSweep } from "../../src/eval/runner.js";
import { loadAgentLeak } from "../../src/scenarios/agentleak.js";
import { trackedAttribute } from "../../src/scenarios/paired-trajectories.js";
import { pairMember } from "../../src/topologies/run.js";
import { recordingServerFromEnv } from "../helpers/langsmith-server.js";

const SAMPLE = "data/agentleak-sample.jsonl";
/** Vault values long enough not to occur by chance in ids, timestamps and JSON structure. */
const MIN_CHARS = 5;

describe("eval --langsmith", () => {
  const server = recordingServerFromEnv("recons-eval-test");
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "recons-eval-langsmith-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("traces every run of the sweep and sends no vault value", async () => {
    const result = await runSweep({ corpus: SAMPLE, out: dir, cells: ["CW-2"], levels: ["A0"], horizons: [1], sanitizers: ["none", "recons"], limit: 1, concurrency: 1, progress: false, langsmith: true });
    expect(result).toMatchObject({ written: 4, failures: [] });
    const runs = [...server().runs.values()];
    const roots = runs.filter((run) => !run.parent_run_id);
    expect(roots).toHaveLength(4);
    expect(new Set(roots.map((run) => `${run.extra?.metadata?.sanitizer}|${run.extra?.metadata?.pair}`))).toEqual(new Set(["none|tau", "none|tau_prime", "recons|tau", "recons|tau_prime"]));
    expect(runs.length).toBeGreaterThan(roots.length);

    const [scenario] = (await loadAgentLeak(SAMPLE)).filter((s) => trackedAttribute(s));
    const values = new Set(
      (["tau", "tau_prime"] as const).flatMap((pair) => Object.values(pairMember(scenario, pair, "0").vault)).filter((value) => value.trim().length >= MIN_CHARS),
    );
    expect(values.size).toBeGreaterThan(3);
    const received = server().requests.map((request) => request.body.toString("utf8")).join("\n");
    expect(received.length).toBeGreaterThan(1000);
    // Any occurrence, also inside a longer word: a value glued to other letters (`Michelle Millerler`) is still a leak.
    expect([...values].filter((value) => received.includes(value))).toEqual([]);
  });
});
