import { expect, it } from "vitest";
import type { Client } from "langsmith";
import { LangChainTracer } from "@langchain/core/tracers/tracer_langchain";
import { awaitAllCallbacks } from "@langchain/core/callbacks/promises";
import { recordingServerFromEnv } from "../helpers/langsmith-server.js";
import { buildStarGraph, leaksIn, makeGuard, starInput } from "../helpers/langsmith-graph.js";

// Its own file (own process): the environment must point at the server before the singleton exists.
const server = recordingServerFromEnv("recons-environment");

it("LANGSMITH_TRACING=true with withRecons alone (no reconsTracing): the tracer LangChain would add gets delivered events", async () => {
  await buildStarGraph({ guard: makeGuard(), received: new Map() }).invoke(starInput());
  await awaitAllCallbacks();
  await (new LangChainTracer().client as Client).awaitPendingTraceBatches();
  expect(server().runList().length).toBeGreaterThanOrEqual(7);
  expect(leaksIn(server())).toEqual([]);
});
