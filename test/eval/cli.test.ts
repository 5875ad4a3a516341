import { describe, expect, it } from "vitest";
import { Command } from "commander";
import { evalCommand } from "../../src/cli/eval.js";

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
