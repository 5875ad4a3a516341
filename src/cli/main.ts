import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { Command, CommanderError, type OutputConfiguration } from "commander";
import { calibrateCommand } from "./calibrate.js";
import { demoCommand } from "./demo.js";
import { evalCommand } from "./eval.js";
import { replayCommand, replayScoreCommand } from "./replay.js";

/** The `recons` program: every subcommand, no side effects until parsed. */
export function createProgram(): Command {
  return new Command("recons")
    .description("RECONS: recipient-conditioned sanitization for LangGraph.js multi-agent graphs")
    .showHelpAfterError()
    .addCommand(demoCommand())
    .addCommand(replayCommand())
    .addCommand(replayScoreCommand())
    .addCommand(calibrateCommand())
    .addCommand(evalCommand());
}

/** Run the CLI on `argv` (node-style, program name first) and return the exit code instead of exiting. */
export async function runCli(argv: readonly string[], output: OutputConfiguration = {}): Promise<number> {
  const program = createProgram();
  for (const command of [program, ...program.commands]) command.exitOverride().configureOutput(output);
  try {
    await program.parseAsync([...argv]);
    return 0;
  } catch (error) {
    // Commander printed its own usage errors already; help exits with code 0.
    if (error instanceof CommanderError) return error.exitCode;
    const writeErr = output.writeErr ?? ((text: string) => process.stderr.write(text));
    writeErr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) process.exitCode = await runCli(process.argv);
