import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { Command, InvalidArgumentError, Option } from "commander";
import { replayFile, SANITIZERS } from "../replay/replay.js";
import { formatScoreTable, readReplayed, scoreReplay } from "../replay/score.js";
import { readTraces } from "../replay/traces.js";

/** `recons replay --traces <file.jsonl[.gz]> --out <file.jsonl> [--sanitizer ...]`: the replay contract. */
export function replayCommand(): Command {
  return new Command("replay")
    .description("sanitize every C1/C2/C5 message of AgentLeak traces for its original recipient and for an introduced one")
    .requiredOption("--traces <file>", "traces in AgentLeak's format (.jsonl or .jsonl.gz)")
    .requiredOption("--out <file>", "output JSON lines: {trace_id, index, channel, recipient, position, sanitized, decisions}")
    .addOption(new Option("--sanitizer <name>", "recons (dynamic), static (field-level), blanket (redact all), none").choices(SANITIZERS).default("recons"))
    .action(async (options: { traces: string; out: string; sanitizer: (typeof SANITIZERS)[number] }, command: Command) => {
      if (await sameFile(options.out, options.traces)) command.error("error: --out names the --traces file: the replay would overwrite its input");
      const summary = await replayFile(options.traces, options.out, { sanitizer: options.sanitizer });
      const megabytes = summary.bytes / 1e6;
      writeErr(
        command,
        `replayed ${summary.traces} traces, ${summary.messages} messages -> ${summary.lines} lines in ${options.out} ` +
          `(${summary.seconds.toFixed(2)} s, ${(megabytes / summary.seconds).toFixed(2)} MB/s, sanitizer ${options.sanitizer})\n`,
      );
    });
}

/** Whether two paths name one file: the same path, or a link (symbolic or hard) to it. */
async function sameFile(a: string, b: string): Promise<boolean> {
  if (resolve(a) === resolve(b)) return true;
  try {
    const [first, second] = await Promise.all([stat(a), stat(b)]);
    return first.dev === second.dev && first.ino === second.ino;
  } catch {
    // One of them does not exist yet (a new --out): not the same file.
    return false;
  }
}

/** `recons replay-score --traces <file> --replayed <file>`: the independent scorer, as a table and JSON. */
export function replayScoreCommand(): Command {
  return new Command("replay-score")
    .description("measure residual unauthorized values, authorized values kept and text kept with the independent meter")
    .requiredOption("--traces <file>", "the traces that were replayed (.jsonl or .jsonl.gz)")
    .requiredOption("--replayed <file>", "output of `recons replay`")
    .addOption(new Option("--examples <n>", "residual examples to include in the JSON").argParser(nonNegativeInteger).default(10))
    .action(async (options: { traces: string; replayed: string; examples: number }, command: Command) => {
      const [traces, lines] = await Promise.all([readTraces(options.traces), readReplayed(options.replayed)]);
      const report = scoreReplay(traces, lines, { examples: options.examples });
      writeOut(command, `${formatScoreTable(report)}\n\n${JSON.stringify(report, null, 2)}\n`);
    });
}

/** Command output goes through commander's output configuration so tests and embedders can capture it. */
export function writeOut(command: Command, text: string): void {
  (command.configureOutput().writeOut ?? ((chunk: string) => process.stdout.write(chunk)))(text);
}

export function writeErr(command: Command, text: string): void {
  (command.configureOutput().writeErr ?? ((chunk: string) => process.stderr.write(chunk)))(text);
}

function nonNegativeInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new InvalidArgumentError(`expected a non-negative integer, got '${value}'`);
  return number;
}
