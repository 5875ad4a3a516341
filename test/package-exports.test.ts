import { describe, expect, it } from "vitest";
import * as recons from "../src/index.js";

describe("the package's entry point", () => {
  it.each([
    // Interception (README: adopting RECONS).
    "createRecons", "withRecons", "reconsReducer", "protectTool", "ReconsSerializer", "reconsMiddleware", "reconsTracing",
    // Topology templates and scenarios (README: the paper's cells).
    "coordinatorWorker", "peerToPeer", "hierarchical", "cellGraph", "runRecord", "defaultModel", "loadAgentLeak", "pairedScenarios", "trackedAttribute",
  ])("exports %s", (name) => {
    expect(typeof (recons as Record<string, unknown>)[name]).toBe("function");
  });
});
