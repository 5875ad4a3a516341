import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Command, InvalidArgumentError, Option } from "commander";
import { MODELS } from "../eval/job.js";
import { CELL_NAMES, LEVELS, SANITIZER_NAMES } from "../eval/record.js";
import { remoteUrlSchema } from "../eval/remote.js";
import { DEFAULT_SANITIZERS, runSweep, type SweepOptionsInput } from "../eval/runner.js";
import { writeErr } from "./replay.js";

/** A comma-separated list whose items must be among `allowed`; commander names the option in the error. */
function listOf<T extends string>(allowed: readonly T[]): (value: string) => T[] {
  return (value) => {
    const items = value.split(",").map((item) => item.trim()).filter((item) => item !== "");
    const bad = items.filter((item) => !(allowed as readonly string[]).includes(item));
    if (items.length === 0 || bad.length > 0) throw new InvalidArgumentError(`expected a comma-separated list of ${allowed.join(", ")}; got '${bad.join(",") || value}'`);
    return [...new Set(items)] as T[];
  };
}

function positiveIntegers(value: string): number[] {
  const items = value.split(",").map((item) => Number(item.trim()));
  if (items.length === 0 || items.some((n) => !Number.isInteger(n) || n <= 0)) throw new InvalidArgumentError(`expected comma-separated positive integers, got '${value}'`);
  return [...new Set(items)].sort((a, b) => a - b);
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new InvalidArgumentError(`expected a positive integer, got '${value}'`);
  return number;
}

function remoteUrl(value: string): string {
  const parsed = remoteUrlSchema.safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError(parsed.error.issues[0]?.message ?? "invalid URL");
  return parsed.data;
}

interface EvalCliOptions {
  corpus: string;
  out: string;
  cells: SweepOptionsInput["cells"];
  levels: SweepOptionsInput["levels"];
  horizons: number[];
  sanitizer: SweepOptionsInput["sanitizers"];
  model: (typeof MODELS)[number];
  limit?: number;
  concurrency: number;
  remote?: string;
  seed: string;
  langsmith?: boolean;
  quiet?: boolean;
}

/** `recons eval`: the paper's measurements on a scenario corpus, with records, summary and report in --out. */
export function evalCommand(): Command {
  return new Command("eval")
    .description("run scenarios through the topology cells with each sanitizer and measure leakage (records.jsonl, summary.json, report.md, report.html)")
    .requiredOption("--corpus <scenarios.jsonl>", "AgentLeak scenario JSONL")
    .requiredOption("--out <dir>", "output directory (an existing records.jsonl there is resumed)")
    .addOption(new Option("--cells <list>", `topology cells (${CELL_NAMES.join(",")})`).argParser(listOf(CELL_NAMES)).default([...CELL_NAMES], CELL_NAMES.join(",")))
    .addOption(new Option("--levels <list>", "adversary levels").argParser(listOf(LEVELS)).default([...LEVELS], LEVELS.join(",")))
    .addOption(new Option("--horizons <list>", "nested horizons in turns; records run at the largest").argParser(positiveIntegers).default([1, 3, 5, 10, 20], "1,3,5,10,20"))
    .addOption(
      new Option("--sanitizer <list>", `sanitizers (${SANITIZER_NAMES.join(",")}); none is the unprotected baseline`)
        .argParser(listOf(SANITIZER_NAMES))
        .default([...DEFAULT_SANITIZERS], DEFAULT_SANITIZERS.join(",")),
    )
    .addOption(new Option("--model <name>", "agent model: the embedded scripted model, or ChatOpenAI (OPENAI_BASE_URL / OPENAI_API_KEY)").choices(MODELS).default("scripted"))
    .addOption(new Option("--limit <n>", "first N scenarios").argParser(positiveInteger))
    .addOption(new Option("--concurrency <k>", "worker processes (1 = in this process); with --remote, runs in flight on the server").argParser(positiveInteger).default(availableParallelism()))
    .addOption(new Option("--remote <url>", "run each record on this LangGraph API server (langgraph dev, a Platform deployment) serving the eval-record graph").argParser(remoteUrl))
    .option("--seed <s>", "seed of the pairs, the scripted model and the keys", "0")
    .option("--langsmith", "trace every run to LangSmith (LANGSMITH_ENDPOINT, LANGSMITH_API_KEY, LANGSMITH_PROJECT), sanitized by RECONS")
    .option("--quiet", "no progress bar")
    .action(async (options: EvalCliOptions, command: Command) => {
      const controller = new AbortController();
      const onInterrupt = () => {
        if (controller.signal.aborted) process.exit(130);
        writeErr(command, "\ninterrupted: finishing the records in flight, then summarizing (Ctrl-C again to quit now)\n");
        controller.abort();
      };
      process.on("SIGINT", onInterrupt);
      try {
        const result = await runSweep(
          {
            corpus: options.corpus,
            out: options.out,
            cells: options.cells,
            levels: options.levels,
            horizons: options.horizons,
            sanitizers: options.sanitizer,
            model: options.model,
            limit: options.limit,
            concurrency: options.concurrency,
            remote: options.remote,
            seed: options.seed,
            langsmith: options.langsmith ?? false,
            progress: !options.quiet,
          },
          { signal: controller.signal },
        );
        for (const failure of result.failures.slice(0, 5)) writeErr(command, `failed ${failure.key}: ${failure.error.split("\n")[0]}\n`);
        writeErr(
          command,
          `${result.written} records written, ${result.skipped} resumed, ${result.failures.length} failed, ${result.unpairable.length} scenarios without a pair; ` +
            `${result.wallSeconds.toFixed(1)} s${result.interrupted ? " (interrupted: partial result)" : ""}\n` +
            `report: ${join(options.out, "report.html")}\n`,
        );
        // The exit status says so too (runCli returns 1), for scripts and CI.
        if (result.failures.length > 0) throw new Error(`${result.failures.length} of ${result.failures.length + result.written} records failed; the report covers the others`);
      } finally {
        process.off("SIGINT", onInterrupt);
      }
    });
}
