import { expect, it } from "vitest";
import type { Client } from "langsmith";
import { LangChainTracer } from "@langchain/core/tracers/tracer_langchain";
import { reconsTracing } from "../../src/langsmith/index.js";
import { recordingServerFromEnv } from "../helpers/langsmith-server.js";
import { buildStarGraph, leaksIn, makeGuard, starInput } from "../helpers/langsmith-graph.js";

// Its own file (own process): the environment must point at the server before the singleton exists.
const server = recordingServerFromEnv("recons-default");

it("protects LangChain's default tracer when LANGSMITH_TRACING=true and no callbacks are passed", async () => {
  const guard = makeGuard();
  const tracing = reconsTracing(guard);
  await buildStarGraph({ guard, received: new Map() }).invoke(starInput());
  await tracing.flush();
  await (new LangChainTracer().client as Client).awaitPendingTraceBatches();
  expect(server().runList().length).toBeGreaterThanOrEqual(7);
  expect(leaksIn(server())).toEqual([]);
});
