import { readFile } from "node:fs/promises";
import { ChatOpenAI } from "@langchain/openai";
import { Command, InvalidArgumentError } from "commander";
import { z } from "zod";
import { calibrateThreshold, formatCalibration } from "../detect/calibration.js";
import { createJudge, type CalibratedJudge } from "../detect/judge.js";
import { parseJson } from "../json-text.js";
import { parseConfig } from "../policy/options.js";

/** One line of a labels file: a semantic-middle instance, its human label and, optionally, a recorded judge score. */
export const calibrationLabelSchema = z.object({
  text: z.string(),
  field: z.string(),
  value: z.string(),
  kind: z.string(),
  label: z.union([z.literal(0), z.literal(1)]),
  score: z.number().min(0).max(1).optional(),
});

export type CalibrationLabel = z.infer<typeof calibrationLabelSchema>;

export const calibrateCliOptionsSchema = z.strictObject({
  labels: z.string(),
  /** Judge model name, needed when some label has no recorded score. */
  model: z.string().optional(),
  /** OpenAI-compatible endpoint (vLLM, Ollama, llama.cpp server, OpenAI). */
  baseUrl: z.string().optional(),
  apiKey: z.string().default(process.env.OPENAI_API_KEY ?? "none"),
  maxFpr: z.number().min(0).max(1).default(0.05),
  concurrency: z.number().int().positive().default(4),
  timeoutMs: z.number().int().positive().default(60_000),
});

type CalibrateCliOptions = z.infer<typeof calibrateCliOptionsSchema>;

/** `recons calibrate --labels <file.jsonl>`: sweep the judge threshold (section 4.5) and print the chosen point. */
export function calibrateCommand(): Command {
  const command = new Command("calibrate")
    .description("sweep the Tier-3 judge threshold over [0.35, 0.95]; pick max F1 subject to FPR < 0.05")
    .requiredOption("--labels <file>", "labelled JSONL: {text, field, value, kind, label: 0|1, score?}")
    .option("--model <name>", "judge model for labels without a score (env RECONS_JUDGE_MODEL)", process.env.RECONS_JUDGE_MODEL)
    .option("--base-url <url>", "OpenAI-compatible base URL (env OPENAI_BASE_URL)", process.env.OPENAI_BASE_URL)
    .option("--api-key <key>", "API key (env OPENAI_API_KEY)")
    .option("--max-fpr <rate>", "FPR bound of the constraint", number)
    .option("--concurrency <n>", "judge calls in flight", number)
    .option("--timeout-ms <ms>", "per judge call", number)
    .action(async (raw: Record<string, unknown>) => {
      const options = parseConfig(calibrateCliOptionsSchema, raw, "calibrate options");
      const write = command.configureOutput().writeOut ?? ((text: string) => process.stdout.write(text));
      const labels = await readLabels(options.labels);
      const scores = await scoreLabels(labels, options, write);
      const result = calibrateThreshold(
        labels.map((entry, i) => ({ label: entry.label, score: scores[i] })),
        { maxFpr: options.maxFpr },
      );
      const positives = labels.filter((entry) => entry.label === 1).length;
      write(`${labels.length} labelled instances (${positives} leaks, ${labels.length - positives} non-leaks)\n`);
      write(`${formatCalibration(result)}\n`);
      if (!result.chosen) throw new Error(`no threshold keeps FPR < ${options.maxFpr}`);
      const { chosen, tiedThresholds } = result;
      write(
        `chosen zeta=${chosen.threshold.toFixed(2)} precision=${chosen.precision.toFixed(4)} recall=${chosen.recall.toFixed(4)} ` +
          `FPR=${chosen.fpr.toFixed(4)} F1=${chosen.f1.toFixed(4)} (max F1 reached on ${tiedThresholds[0].toFixed(2)}..${tiedThresholds.at(-1)!.toFixed(2)})\n`,
      );
      // A threshold that finds no leak is no calibration (round 14 walkthrough: it exited 0 with precision and recall 0).
      if (chosen.f1 === 0) throw new Error("no threshold finds any labelled leak (F1 0 everywhere): the judge's scores do not separate leaks from non-leaks; check the judge's model and prompt");
    });
  return command;
}

export async function readLabels(path: string): Promise<CalibrationLabel[]> {
  const lines = (await readFile(path, "utf8")).split("\n");
  return lines.flatMap((line, i) => {
    if (line.trim() === "") return [];
    const parsed = calibrationLabelSchema.safeParse(parseJson(line, `${path}:${i + 1}`));
    if (!parsed.success) throw new Error(`${path}:${i + 1}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
    return [parsed.data];
  });
}

/** Recorded scores are used as is; the others are asked of the judge. */
async function scoreLabels(labels: CalibrationLabel[], options: CalibrateCliOptions, write: (text: string) => void): Promise<number[]> {
  if (labels.every((entry) => entry.score !== undefined)) return labels.map((entry) => entry.score!);
  if (!options.model) throw new Error("some labels have no score: pass --model (and --base-url) to ask the judge");
  const judge: CalibratedJudge = createJudge({
    model: new ChatOpenAI({
      model: options.model,
      apiKey: options.apiKey,
      temperature: 0,
      // LangChain retries 6 times with backoff past the judge's deadline, and a malformed answer at temperature 0 comes back the same.
      maxRetries: 1,
      configuration: options.baseUrl ? { baseURL: options.baseUrl } : undefined,
    }),
    concurrency: options.concurrency,
    timeoutMs: options.timeoutMs,
  });
  write(`judge ${options.model} prompt hash ${judge.promptHash}\n`);
  const unscored = labels.filter((entry) => entry.score === undefined);
  const verdicts = await judge.scoreAll(unscored.map((entry) => ({ text: entry.text, target: entry })));
  const asked = new Map(unscored.map((entry, i) => [entry, verdicts[i].score]));
  return labels.map((entry) => entry.score ?? asked.get(entry)!);
}

function number(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new InvalidArgumentError(`not a number: ${value}`);
  return parsed;
}
