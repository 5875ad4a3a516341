/**
 * The sweep: scenarios x cells x levels x pair members x sanitizers, each record run with
 * `runRecord` on a pool of worker processes (each builds its own guards), appended as one whole
 * line to `<dir>/records.jsonl`. Resumable (records already there are skipped) and interruptible
 * (abort stops dispatching, lets the jobs in flight finish, flushes, then summarizes what exists).
 */
import { fork, type ChildProcess } from "node:child_process";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile, truncate } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { loadAgentLeak, type Scenario } from "../scenarios/agentleak.js";
import { trackedAttribute } from "../scenarios/paired-trajectories.js";
import { corpusContext } from "./context.js";
import { executeJob, MODELS, type Job, type JobSettings } from "./job.js";
import { aggregateMetrics, measureRecord, type MeasuredRecord } from "./metrics.js";
import { CELL_NAMES, LEVELS, PAIR_MEMBERS, parseRecords, recordKey, SANITIZER_NAMES } from "./record.js";
import { buildSummary, writeReport, type Summary } from "./report/summary.js";
import type { WorkerReply, WorkerRequest } from "./worker.js";

export const DEFAULT_SANITIZERS = ["none", "blanket", "dlp", "static", "recons"] as const;

export const sweepOptionsSchema = z.object({
  /** AgentLeak scenario JSONL. */
  corpus: z.string().min(1),
  /** Output directory: records.jsonl, summary.json, report.md, report.html. */
  out: z.string().min(1),
  cells: z.array(z.enum(CELL_NAMES)).min(1).default([...CELL_NAMES]),
  levels: z.array(z.enum(LEVELS)).min(1).default([...LEVELS]),
  /** Nested horizons; each record runs at the largest and shorter horizons are its turn prefixes (paper 5.2). */
  horizons: z.array(z.number().int().positive()).min(1).default([1, 3, 5, 10, 20]),
  /** Include `none`: it is the reference execution of the occurrence metrics (residual, correct-allow). */
  sanitizers: z.array(z.enum(SANITIZER_NAMES)).min(1).default([...DEFAULT_SANITIZERS]),
  model: z.enum(MODELS).default("scripted"),
  /** First N scenarios of the corpus (those with a protected attribute to track). */
  limit: z.number().int().positive().optional(),
  /** Worker processes; 1 runs in this process. */
  concurrency: z.number().int().positive().default(availableParallelism()),
  seed: z.string().min(1).default("0"),
  /** Progress bar on stderr (only on a terminal). */
  progress: z.boolean().default(true),
});
export type SweepOptionsInput = z.input<typeof sweepOptionsSchema>;
export type SweepOptions = z.output<typeof sweepOptionsSchema>;

export interface SweepResult {
  /** Records in records.jsonl after the sweep. */
  records: number;
  /** Written by this invocation. */
  written: number;
  /** Already present (resumed). */
  skipped: number;
  failures: Array<{ key: string; error: string }>;
  /** Scenarios left out because every vault field is allowed (no neighbouring pair). */
  unpairable: string[];
  interrupted: boolean;
  wallSeconds: number;
  summary: Summary;
}

export interface SweepHooks {
  /** Abort = Ctrl-C: no new jobs, the jobs in flight are written, then the partial result is summarized. */
  signal?: AbortSignal;
  /** Called after every written record (tests use it to interrupt at a known point). */
  onRecord?: (written: number) => void;
}

type RunJob = (job: Job) => Promise<string>;

interface Executor {
  run: RunJob;
  close(): Promise<void>;
}

function inProcessExecutor(scenarios: ReadonlyMap<string, Scenario>, settings: JobSettings): Executor {
  return {
    run: async (job) => JSON.stringify(await executeJob(job, scenarios.get(job.scenario_id)!, settings)),
    close: async () => undefined,
  };
}

const WORKER_URL = new URL(`./worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url);

/** Worker processes fed one job at a time; a TypeScript checkout runs them through tsx. */
async function processExecutor(size: number, corpus: string, settings: JobSettings): Promise<Executor> {
  const execArgv = WORKER_URL.pathname.endsWith(".ts") ? ["--import", "tsx"] : [];
  /** The job each busy worker is running. */
  const running = new Map<ChildProcess, { resolve: (line: string) => void; reject: (error: Error) => void }>();
  const idle: ChildProcess[] = [];
  const waiting: Array<(child: ChildProcess) => void> = [];
  const release = (child: ChildProcess) => {
    running.delete(child);
    const next = waiting.shift();
    if (next) next(child);
    else idle.push(child);
  };
  const start = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = fork(fileURLToPath(WORKER_URL), [], { execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
      child.once("error", reject);
      child.once("exit", (code) => {
        running.get(child)?.reject(new Error(`worker exited with code ${code}`));
        running.delete(child);
      });
      child.on("message", (message: WorkerReply) => {
        if (message.type === "ready") return resolve(child);
        const job = running.get(child);
        release(child);
        if (message.type === "done") job?.resolve(message.line);
        else job?.reject(new Error(message.error));
      });
      child.send({ type: "init", init: { corpus, settings } } satisfies WorkerRequest);
    });
  const children = await Promise.all(Array.from({ length: size }, start));
  idle.push(...children);
  const acquire = () => new Promise<ChildProcess>((resolve) => (idle.length > 0 ? resolve(idle.pop()!) : waiting.push(resolve)));
  let nextId = 0;
  return {
    run: async (job) => {
      const child = await acquire();
      return new Promise<string>((resolve, reject) => {
        running.set(child, { resolve, reject });
        child.send({ type: "job", id: nextId++, job } satisfies WorkerRequest);
      });
    },
    close: () =>
      Promise.all(
        children.map((child) =>
          child.exitCode !== null || child.signalCode !== null
            ? Promise.resolve()
            : new Promise<void>((resolve) => {
                child.once("exit", () => resolve());
                child.disconnect();
              }),
        ),
      ).then(() => undefined),
  };
}

/** Keys of the whole records already written; a torn last line (killed writer) is cut off first. */
async function existingRecords(path: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch {
    return new Set();
  }
  if (text.length > 0 && !text.endsWith("\n")) {
    const whole = text.lastIndexOf("\n") + 1;
    await truncate(path, Buffer.byteLength(text.slice(0, whole)));
    text = text.slice(0, whole);
  }
  return new Set(parseRecords(text, path).map(recordKey));
}

function progressBar(options: SweepOptions, total: number): SingleBar | null {
  if (!options.progress || !process.stderr.isTTY) return null;
  const bar = new SingleBar({
    format: "eval {bar} {percentage}% | {value}/{total} records | {rate} rec/s | ETA {eta_formatted}",
    stream: process.stderr,
    etaBuffer: 200,
    hideCursor: true,
  });
  bar.start(total, 0, { rate: "0.0" });
  return bar;
}

/** The jobs of the sweep in scenario-major order, so an interrupted sweep covers whole scenarios first. */
export function sweepJobs(scenarios: readonly Scenario[], options: SweepOptions): Job[] {
  const horizon = Math.max(...options.horizons);
  const sanitizers = options.sanitizers;
  return scenarios.flatMap((scenario) =>
    options.cells.flatMap((cell) =>
      options.levels.flatMap((level) => PAIR_MEMBERS.flatMap((pair) => sanitizers.map((sanitizer) => ({ scenario_id: scenario.id, cell, level, pair, sanitizer, horizon })))),
    ),
  );
}

/** Measures records.jsonl line by line (a sweep's file is larger than a string may be); a torn last line is ignored. */
async function measureFile(path: string, scenarios: readonly Scenario[], options: SweepOptions): Promise<MeasuredRecord[]> {
  if (!existsSync(path)) return [];
  const contextOf = corpusContext(scenarios, options.seed);
  const sanitizers = options.sanitizers;
  const measured: MeasuredRecord[] = [];
  let lineNumber = 0;
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    lineNumber++;
    let record;
    try {
      [record] = parseRecords(`${line}\n`, `${path}:${lineNumber}`);
    } catch (error) {
      // Only a torn last line (interrupted writer) may be unreadable; existingRecords cuts it on resume.
      if (line.trim() !== "" && !line.endsWith("}")) continue;
      throw error;
    }
    if (record) measured.push(measureRecord(record, contextOf(record), sanitizers));
  }
  return measured;
}

/** Recompute summary.json, report.md and report.html from the records in `dir`. */
export async function summarize(dir: string, scenarios: readonly Scenario[], options: SweepOptions, run: { wallSeconds: number; complete: boolean }): Promise<Summary> {
  const measured = await measureFile(join(dir, "records.jsonl"), scenarios, options);
  const metrics = aggregateMetrics(measured, { horizons: options.horizons });
  const summary = buildSummary(metrics, { corpus: options.corpus, model: options.model, seed: options.seed, ...run });
  await writeReport(dir, summary);
  return summary;
}

export async function runSweep(input: SweepOptionsInput, hooks: SweepHooks = {}): Promise<SweepResult> {
  const options = sweepOptionsSchema.parse(input);
  const started = performance.now();
  const all = await loadAgentLeak(options.corpus);
  const unpairable = all.filter((s) => !trackedAttribute(s)).map((s) => s.id);
  const scenarios = all.filter((s) => trackedAttribute(s)).slice(0, options.limit);
  await mkdir(options.out, { recursive: true });
  const recordsPath = join(options.out, "records.jsonl");
  const done = await existingRecords(recordsPath);
  const jobs = sweepJobs(scenarios, options).filter((job) => !done.has(recordKey(job)));
  const settings: JobSettings = { seed: options.seed, model: options.model };
  const bar = progressBar(options, jobs.length);
  const out = createWriteStream(recordsPath, { flags: "a" });
  const failures: SweepResult["failures"] = [];
  let written = 0;
  let next = 0;
  const executor =
    options.concurrency === 1 || jobs.length <= 1
      ? inProcessExecutor(new Map(scenarios.map((s) => [s.id, s])), settings)
      : await processExecutor(Math.min(options.concurrency, jobs.length), options.corpus, settings);
  const lane = async () => {
    while (next < jobs.length && !hooks.signal?.aborted) {
      const job = jobs[next++];
      try {
        const line = await executor.run(job);
        out.write(`${line}\n`);
        written++;
        bar?.update(written, { rate: (written / ((performance.now() - started) / 1000)).toFixed(1) });
        hooks.onRecord?.(written);
      } catch (error) {
        failures.push({ key: recordKey(job), error: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, lane));
  } finally {
    bar?.stop();
    await executor.close();
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  const interrupted = hooks.signal?.aborted ?? false;
  const wallSeconds = (performance.now() - started) / 1000;
  const summary = await summarize(options.out, scenarios, options, { wallSeconds, complete: !interrupted && failures.length === 0 });
  return { records: summary.records, written, skipped: done.size, failures, unpairable, interrupted, wallSeconds, summary };
}
