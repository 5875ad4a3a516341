import { expect, it } from "vitest";
import { EXAMPLE_GUARD_OPTIONS, traceProtectedGraph } from "../../examples/langsmith.js";
import { createRecons } from "../../src/guard.js";
import { recordingServerFromEnv } from "../helpers/langsmith-server.js";
import { leaksIn } from "../helpers/langsmith-graph.js";

const server = recordingServerFromEnv("recons-example");

it("examples/langsmith.ts runs offline against a LangSmith-compatible endpoint", async () => {
  expect(await traceProtectedGraph()).toEqual({ project: "recons-example", blocked: 0 });
  const runs = server().runList();
  expect(runs.map((run) => run.name)).toEqual(expect.arrayContaining(["customer intake", "intake", "advisor", "payments"]));
  expect(runs.some((run) => String(run.name).startsWith("recons:"))).toBe(true);
  expect(server().unhandled).toEqual([]);
  expect(leaksIn(server(), createRecons({ ...EXAMPLE_GUARD_OPTIONS, secret: "fresh-scanner-secret" }))).toEqual([]);
});
