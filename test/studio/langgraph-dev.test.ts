import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@langchain/langgraph-sdk";
import { createRecons } from "../../src/guard.js";
import { mapStrings } from "../../src/content.js";
import { bundledScenario, CELL_IDS, scenarioPolicy, type CellId } from "../../src/topologies/index.js";

const config = JSON.parse(readFileSync("langgraph.json", "utf8")) as { node_version: string; graphs: Record<string, string> };
const scenario = bundledScenario();
const STARTUP_MS = 60_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** The dev server sees no model credentials, so it runs the scripted model and never the network. */
function offlineEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("OPENAI_") && !key.startsWith("LANGSMITH_") && !key.startsWith("LANGCHAIN_")));
  return { ...env, LANGGRAPH_CLI_NO_ANALYTICS: "1" };
}

let server: ChildProcess;
let apiUrl: string;
let output = "";

async function waitUntilUp(): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`langgraph dev exited (${server.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${apiUrl}/ok`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`langgraph dev did not start in ${STARTUP_MS} ms:\n${output}`);
}

beforeAll(async () => {
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  // No hot reload: an edit in the checkout while the test runs must not restart the server mid-run.
  server = spawn("npx", ["@langchain/langgraph-cli", "dev", "--no-browser", "--no-reload", "--port", String(port), "--host", "127.0.0.1"], {
    env: offlineEnv(),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilUp();
});

afterAll(async () => {
  if (server?.pid === undefined || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  process.kill(-server.pid, "SIGTERM");
  const timer = setTimeout(() => server.pid !== undefined && process.kill(-server.pid, "SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
});

const GRAPH_CELLS: Record<string, CellId> = Object.fromEntries(CELL_IDS.map((cell) => [cell.toLowerCase(), cell]));

describe("langgraph dev (LangGraph Studio's server)", () => {
  it("maps the six cells on Node 20", () => {
    expect(config.node_version).toBe("20");
    expect(Object.keys(config.graphs)).toEqual(expect.arrayContaining(Object.keys(GRAPH_CELLS)));
  });

  it.each(Object.keys(GRAPH_CELLS))("runs %s to completion and returns no value unauthorized for the user", async (graphId) => {
    const client = new Client({ apiUrl, apiKey: null });
    const input = graphId === "cw-2" ? {} : { messages: [{ role: "user", content: scenario.task }] };
    const state = (await client.runs.wait(null, graphId, { input })) as Record<string, unknown>;
    expect(state.__error__).toBeUndefined();
    expect(typeof state.final === "string" && state.final.length > 0).toBe(true);
    expect((state.messages as unknown[]).length).toBeGreaterThan(1);
    const guard = createRecons({ vault: scenario.vault, policy: scenarioPolicy(scenario, GRAPH_CELLS[graphId]) });
    const unauthorized: string[] = [];
    mapStrings(state, (text) => {
      for (const detection of guard.detect(text)) {
        if (detection.field !== null && !guard.isAuthorized(detection.field, "C1", "user")) unauthorized.push(`${detection.field}: ${text.slice(detection.start, detection.end)}`);
      }
      return text;
    });
    expect(unauthorized).toEqual([]);
  });
});
