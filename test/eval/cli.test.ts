import { describe, expect, it } from "vitest";
import { Command } from "commander";
import { createServer, type AddressInfo } from "node:net";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evalCommand } from "../../src/cli/eval.js";
import { runCli } from "../../src/cli/main.js";

async function parse(args: string[]): Promise<string> {
  let errors = "";
  const command = evalCommand().exitOverride().configureOutput({ writeErr: (text) => (errors += text), writeOut: () => undefined });
  const program = new Command("recons").exitOverride().addCommand(command);
  await program.parseAsync(["node", "recons", "eval", ...args]).catch(() => undefined);
  return errors;
}

describe("recons eval options", () => {
  it("names the option of a bad value", async () => {
    expect(await parse(["--corpus", "x.jsonl", "--out", "d", "--cells", "CW-2,Ring-9"])).toMatch(/--cells.*Ring-9/);
    expect(await parse(["--corpus", "x.jsonl", "--out", "d", "--horizons", "1,zero"])).toMatch(/--horizons/);
    expect(await parse(["--corpus", "x.jsonl", "--out", "d", "--sanitizer", "magic"])).toMatch(/--sanitizer.*magic/);
    expect(await parse(["--corpus", "x.jsonl", "--out", "d", "--model", "gpt"])).toMatch(/--model/);
    expect(await parse(["--out", "d"])).toMatch(/--corpus/);
  });
});

describe("recons eval runs", () => {
  const base = ["--corpus", "data/agentleak-sample.jsonl", "--limit", "1", "--cells", "CW-2", "--levels", "A0", "--horizons", "1", "--sanitizer", "none", "--concurrency", "1", "--quiet"];
  async function run(args: string[]): Promise<{ code: number; errors: string }> {
    let errors = "";
    const code = await runCli(["node", "recons", "eval", ...base, ...args], { writeErr: (text) => (errors += text), writeOut: () => undefined });
    return { code, errors };
  }

  it("refuses to resume a directory under another seed or model instead of labelling old records with the new one", async () => {
    const out = await mkdtemp(join(tmpdir(), "recons-cli-seed-"));
    try {
      expect((await run(["--out", out])).code).toBe(0);
      const other = await run(["--out", out, "--seed", "5"]);
      expect(other.code).toBe(1);
      expect(other.errors).toMatch(/holds records made with --seed 0 --model scripted; resume it with the same/);
      expect((await run(["--out", out])).errors).toMatch(/0 records written, 2 resumed/);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it("refuses --model openai without an endpoint instead of running the scripted model under its name", async () => {
    const saved = { base: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_API_KEY;
    const out = await mkdtemp(join(tmpdir(), "recons-cli-openai-"));
    try {
      const { code, errors } = await run(["--out", out, "--model", "openai"]);
      expect(code).toBe(1);
      expect(errors).toMatch(/--model openai needs OPENAI_BASE_URL and\/or OPENAI_API_KEY/);
    } finally {
      if (saved.base !== undefined) process.env.OPENAI_BASE_URL = saved.base;
      if (saved.key !== undefined) process.env.OPENAI_API_KEY = saved.key;
      await rm(out, { recursive: true, force: true });
    }
  });

  it("refuses --model openai at once, naming the URL, when nothing listens at OPENAI_BASE_URL (ChatOpenAI retried for minutes)", async () => {
    const saved = process.env.OPENAI_BASE_URL;
    // A port that was just free: bound, then closed.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    process.env.OPENAI_BASE_URL = `http://127.0.0.1:${port}/v1`;
    const out = await mkdtemp(join(tmpdir(), "recons-cli-dead-"));
    try {
      const started = performance.now();
      const { code, errors } = await run(["--out", out, "--model", "openai"]);
      expect(code).toBe(1);
      expect(errors).toContain(`the model endpoint http://127.0.0.1:${port}/v1 (OPENAI_BASE_URL) is unreachable: ECONNREFUSED`);
      expect(performance.now() - started).toBeLessThan(30_000);
    } finally {
      if (saved === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = saved;
      await rm(out, { recursive: true, force: true });
    }
  });

  it("exits 1 when records failed, and the report says they failed (not that the run was interrupted)", async () => {
    const out = await mkdtemp(join(tmpdir(), "recons-cli-fail-"));
    try {
      // Nothing listens on port 9 of loopback: every record fails to reach the server.
      const { code, errors } = await run(["--out", out, "--remote", "http://127.0.0.1:9"]);
      expect(code).toBe(1);
      expect(errors).toMatch(/error: 2 of 2 records failed/);
      const report = await readFile(join(out, "report.md"), "utf8");
      expect(report).toContain("(2 records failed: partial result)");
      expect(report).not.toContain("interrupted");
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
