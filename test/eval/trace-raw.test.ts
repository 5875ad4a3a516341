import { describe, expect, it } from "vitest";
import { guardFor } from "../../src/eval/baselines.js";
import { createMeasure } from "../../src/eval/measure.js";
import { loadAgentLeak } from "../../src/scenarios/agentleak.js";
import { trackedAttribute } from "../../src/scenarios/paired-trajectories.js";
import { pairMember, runRecord } from "../../src/topologies/run.js";

const SAMPLE = "data/agentleak-sample.jsonl";

describe("records for the occurrence metrics", async () => {
  const [scenario] = (await loadAgentLeak(SAMPLE)).filter((s) => trackedAttribute(s));
  const member = pairMember(scenario, "tau", "0");
  const run = (sanitizer: "none" | "recons") => runRecord({ scenario, cell: "CW-7", level: "A0", pair: "tau", guard: guardFor(sanitizer, member, "CW-7", "0"), seed: "0", horizon: 1 });

  it("records one coordinator message per worker, not one per copy written for each addressee", async () => {
    for (const { events } of [await run("none"), await run("recons")]) {
      const fanOut = events.filter((e) => e.channel === "C2" && e.sender === "coordinator" && e.t === 1);
      expect(fanOut.map((e) => e.recipient).sort()).toEqual(["worker_1", "worker_2", "worker_3", "worker_4", "worker_5", "worker_6"]);
    }
  });

  it("keeps what each recipient would have had without the sanitizer beside what it got", async () => {
    const none = await run("none");
    expect(none.events.every((e) => e.raw === undefined)).toBe(true);
    const { events } = await run("recons");
    const measure = createMeasure(member.vault);
    const transformed = events.filter((e) => e.raw !== undefined);
    expect(transformed.length).toBeGreaterThan(0);
    for (const event of transformed) expect(event.raw).not.toBe(event.content);
    // Introduced workers get the coordinator's message with values they may not see replaced; raw still holds them.
    const introduced = transformed.filter((e) => e.position === "introduced" && e.channel === "C2");
    expect(introduced.length).toBeGreaterThan(0);
    const recoverable = (content: unknown) => measure.recoverable(content).size;
    expect(introduced.some((e) => recoverable(e.raw) > recoverable(e.content))).toBe(true);
  });
});
