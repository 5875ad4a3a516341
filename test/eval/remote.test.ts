import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Command } from "commander";
import { evalCommand } from "../../src/cli/eval.js";
import { remoteJobRunner } from "../../src/eval/remote.js";
import { runSweep, sweepOptionsSchema, type SweepOptionsInput } from "../../src/eval/runner.js";

const SAMPLE = "data/agentleak-sample.jsonl";
const STARTUP_MS = 60_000;

/** A loopback `langgraph dev` on a free port, without model or LangSmith credentials (scripted model, no network). */
async function startLangGraphDev(): Promise<{ url: string; stop: () => Promise<void> }> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(OPENAI|LANGSMITH|LANGCHAIN)_/.test(key)));
  // No hot reload: an edit in the checkout while the test runs must not restart the server mid-sweep.
  const child: ChildProcess = spawn("npx", ["@langchain/langgraph-cli", "dev", "--no-browser", "--no-reload", "--port", String(port), "--host", "127.0.0.1"], {
    env: { ...env, LANGGRAPH_CLI_NO_ANALYTICS: "1" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  for (const deadline = Date.now() + STARTUP_MS; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (child.exitCode !== null) throw new Error(`langgraph dev exited (${child.exitCode}):\n${log}`);
    if (await fetch(`${url}/ok`).then((response) => response.ok, () => false)) return { url, stop };
  }
  await stop();
  throw new Error(`langgraph dev did not start in ${STARTUP_MS} ms:\n${log}`);
}

async function cliErrors(args: string[]): Promise<string> {
  let errors = "";
  const command = evalCommand().exitOverride().configureOutput({ writeErr: (text) => (errors += text), writeOut: () => undefined });
  await new Command("recons").exitOverride().addCommand(command).parseAsync(["node", "recons", "eval", ...args]).catch(() => undefined);
  return errors;
}

async function sortedLines(dir: string): Promise<string[]> {
  return (await readFile(join(dir, "records.jsonl"), "utf8")).split("\n").filter((line) => line !== "").sort();
}

describe("--remote validation", () => {
  it("rejects a URL that is not http(s), naming the option", async () => {
    expect(await cliErrors(["--corpus", SAMPLE, "--out", "d", "--remote", "localhost:2024"])).toMatch(/--remote.*http\(s\) URL/);
    const parsed = sweepOptionsSchema.safeParse({ corpus: SAMPLE, out: "d", remote: "ftp://127.0.0.1/" });
    expect(parsed.error?.issues[0]?.path).toEqual(["remote"]);
  });
});

describe("runSweep on a LangGraph API server (langgraph dev)", () => {
  let server: Awaited<ReturnType<typeof startLangGraphDev>>;
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), "recons-remote-"));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    server = await startLangGraphDev();
  }, STARTUP_MS + 10_000);
  afterAll(async () => {
    await server?.stop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("writes the same records as the in-process sweep, and resumes them", async () => {
    const options: SweepOptionsInput = { corpus: SAMPLE, out: "", cells: ["CW-2"], levels: ["A0"], horizons: [1], sanitizers: ["none", "recons"], limit: 1, progress: false };
    const localDir = await tempDir();
    const local = await runSweep({ ...options, out: localDir, concurrency: 1 });
    const remoteDir = await tempDir();
    const remote = await runSweep({ ...options, out: remoteDir, concurrency: 2, remote: server.url });
    expect(remote).toMatchObject({ written: 4, failures: [] });
    expect(await sortedLines(remoteDir)).toEqual(await sortedLines(localDir));
    expect(remote.summary.gradient).toEqual(local.summary.gradient);
    expect(await runSweep({ ...options, out: remoteDir, concurrency: 2, remote: server.url })).toMatchObject({ written: 0, skipped: 4 });
  }, 120_000);

  it("reports a run the server could not do as a failure of that job", async () => {
    const run = remoteJobRunner(server.url, { seed: "0", model: "scripted", langsmith: false }, new Map());
    await expect(run({ scenario_id: "no-such-scenario", cell: "CW-2", level: "A0", pair: "tau", sanitizer: "recons", horizon: 1 })).rejects.toThrow(/no-such-scenario/);
  }, 60_000);
});
