/**
 * The sweep: scenarios x cells x levels x pair members x sanitizers, each record run with
 * `runRecord` on a pool of worker processes (each builds its own guards) or, with `remote`, as runs
 * on a LangGraph API server, appended as one whole
 * line to `<dir>/records.jsonl`. Resumable (records already there are skipped) and interruptible
 * (abort stops dispatching, lets the jobs in flight finish, flushes, then summarizes what exists).
 */
import { fork, type ChildProcess } from "node:child_process";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, open, readFile, stat, truncate, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { loadAgentLeak, type Scenario } from "../scenarios/agentleak.js";
import { trackedAttribute } from "../scenarios/paired-trajectories.js";
import { corpusContext } from "./context.js";
import { MODELS, runAndMeasure, type Job, type JobOutput, type JobSettings } from "./job.js";
import { aggregateMetrics, measureRecord, type MeasuredRecord } from "./metrics.js";
import { CELL_NAMES, LEVELS, PAIR_MEMBERS, parseRecords, recordKey, SANITIZER_NAMES, type EvalRecord } from "./record.js";
import { remoteJobRunner, remoteUrlSchema, scenarioJsonById } from "./remote.js";
import { buildSummary, writeReport, type Summary } from "./report/summary.js";
import type { WorkerReply, WorkerRequest } from "./worker.js";
import { parseConfig } from "../policy/options.js";
import { parseJson } from "../json-text.js";
import { ensureModelEndpointReachable } from "../topologies/model.js";

export const DEFAULT_SANITIZERS = ["none", "blanket", "dlp", "static", "recons"] as const;

export const sweepOptionsSchema = z.strictObject({
  /** AgentLeak scenario JSONL. */
  corpus: z.string().min(1),
  /** Output directory: records.jsonl, summary.json, report.md, report.html. */
  out: z.string().min(1),
  cells: z.array(z.enum(CELL_NAMES)).min(1).default([...CELL_NAMES]),
  levels: z.array(z.enum(LEVELS)).min(1).default([...LEVELS]),
  /** Nested horizons; each record runs at the largest and shorter horizons are its turn prefixes (paper 5.2). */
  horizons: z.array(z.number().int().positive()).min(1).default([1, 3, 5, 10, 20]),
  /** `none` is the unprotected baseline of the topology gradient. */
  sanitizers: z.array(z.enum(SANITIZER_NAMES)).min(1).default([...DEFAULT_SANITIZERS]),
  model: z.enum(MODELS).default("scripted"),
  /** First N scenarios of the corpus (those with a protected attribute to track). */
  limit: z.number().int().positive().optional(),
  /** Worker processes; 1 runs in this process. With `remote`: runs in flight on the server. */
  concurrency: z.number().int().positive().default(availableParallelism()),
  /** URL of a LangGraph API server serving langgraph.json's `eval-record` graph: records run there instead of in worker processes. */
  remote: remoteUrlSchema.optional(),
  seed: z.string().min(1).default("0"),
  /** Trace every run to LangSmith (LANGSMITH_ENDPOINT, LANGSMITH_API_KEY, LANGSMITH_PROJECT), sanitized by RECONS for recipient `langsmith`. */
  langsmith: z.boolean().default(false),
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
  /** Records this sweep asks for that were already present (resumed). */
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

type RunJob = (job: Job) => Promise<JobOutput>;

/** Where jobs run: a lane's jobs run one at a time, in order, so a lane given a whole group reuses its guards. */
interface Lane {
  run: RunJob;
  /** Jobs handed to the lane before the oldest one is answered (a worker process queues them and runs them in order). */
  depth: number;
}

/** One lane per process (or per server run in flight). */
interface Executor {
  lanes: Lane[];
  close(): Promise<void>;
}

function inProcessExecutor(scenarios: readonly Scenario[], settings: JobSettings): Executor {
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  const contextOf = corpusContext(scenarios, settings.seed);
  return { lanes: [{ run: (job) => runAndMeasure(job, byId.get(job.scenario_id)!, settings, contextOf), depth: 1 }], close: async () => undefined };
}

const WORKER_URL = new URL(`./worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url);

/** A worker has its next job queued while its last reply is processed here, so it never waits on this process. */
const WORKER_QUEUE_DEPTH = 2;

/**
 * Worker processes, each fed by its lane; a TypeScript checkout runs them through tsx. Messages
 * use V8 serialization: a record's JSON line crosses as a string, without being escaped again.
 */
async function processExecutor(size: number, corpus: string, settings: JobSettings): Promise<Executor> {
  const execArgv = WORKER_URL.pathname.endsWith(".ts") ? ["--import", "tsx"] : [];
  const start = () =>
    new Promise<Lane & { child: ChildProcess }>((resolve, reject) => {
      const child = fork(fileURLToPath(WORKER_URL), [], { execArgv, serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
      const waiting = new Map<number, { resolve: (output: JobOutput) => void; reject: (error: Error) => void }>();
      const settle = (id: number) => {
        const job = waiting.get(id);
        waiting.delete(id);
        return job;
      };
      let nextId = 0;
      const run = (job: Job) =>
        new Promise<JobOutput>((resolveJob, rejectJob) => {
          const id = nextId++;
          waiting.set(id, { resolve: resolveJob, reject: rejectJob });
          child.send({ type: "job", id, job } satisfies WorkerRequest, (error) => error && settle(id)?.reject(error));
        });
      child.once("error", reject);
      child.once("exit", (code) => {
        for (const id of [...waiting.keys()]) settle(id)?.reject(new Error(`worker exited with code ${code}`));
      });
      child.on("message", (message: WorkerReply) => {
        if (message.type === "ready") return resolve({ run, depth: WORKER_QUEUE_DEPTH, child });
        if (message.type === "done") settle(message.id)?.resolve(message.output);
        else settle(message.id)?.reject(new Error(message.error));
      });
      child.send({ type: "init", init: { corpus, settings } } satisfies WorkerRequest);
    });
  const lanes = await Promise.all(Array.from({ length: size }, start));
  return {
    lanes,
    close: () =>
      Promise.all(
        lanes.map(({ child }) =>
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

/** `size` lanes each waiting on one server run at a time. */
async function remoteExecutor(size: number, url: string, corpus: string, scenarios: readonly Scenario[], settings: JobSettings): Promise<Executor> {
  const run = remoteJobRunner(url, settings, scenarioJsonById(await readFile(corpus, "utf8"), scenarios));
  return { lanes: Array.from({ length: size }, () => ({ run, depth: 1 })), close: async () => undefined };
}

/** Keys of the whole records already written; a torn last line (killed writer) is cut off first. Read line by line: a sweep's file is larger than a string may be. */
async function existingRecords(path: string): Promise<Set<string>> {
  const keys = new Set<string>();
  if (!existsSync(path)) return keys;
  let whole = 0;
  let last = { key: "", bytes: 0 };
  let lineNumber = 0;
  let torn = 0;
  for await (const line of recordLines(path)) {
    lineNumber++;
    if (line.trim() === "") {
      whole += Buffer.byteLength(line) + 1;
      continue;
    }
    // Only the last line can be one a stopped writer left unfinished: a cut line before others is damage.
    if (torn > 0) throw new Error(`${path}:${torn}: damaged record line before other records; repair or remove it (nothing was changed)`);
    const record = parseLine(line, path, lineNumber);
    if (!record) {
      torn = lineNumber;
      continue;
    }
    last = { key: recordKey(record), bytes: Buffer.byteLength(line) + 1 };
    keys.add(last.key);
    whole += last.bytes;
  }
  const { size } = await stat(path);
  // A stopped writer leaves its last line without the newline it writes with it: a whole line that is not a record is someone else's.
  if (torn > 0 && (await endsWithNewline(path, size))) throw new Error(`${path}:${torn}: not a record line; repair or remove it (nothing was changed)`);
  if (whole > size) {
    // The last line has no newline: the writer was stopped before finishing it.
    keys.delete(last.key);
    whole -= last.bytes;
  }
  if (whole < size) await truncate(path, whole);
  return keys;
}

async function endsWithNewline(path: string, size: number): Promise<boolean> {
  if (size === 0) return false;
  const file = await open(path, "r");
  try {
    const { buffer } = await file.read(Buffer.alloc(1), 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await file.close();
  }
}

function recordLines(path: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(path), crlfDelay: Infinity });
}

/** One line of records.jsonl; undefined for a torn line (interrupted writer), which can only be the last one. */
function parseLine(line: string, path: string, lineNumber: number): EvalRecord | undefined {
  try {
    return parseRecords(`${line}\n`, `${path}:${lineNumber}`)[0];
  } catch (error) {
    if (line.trim() !== "" && !line.endsWith("}")) return undefined;
    throw error;
  }
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

/** Jobs that share a pair member and cell (so their guards), in sweep order: a lane takes a whole group. */
function jobGroups(jobs: readonly Job[]): Job[][] {
  return groupedBy(jobs, (job) => [job.scenario_id, job.cell, job.pair].join("|"));
}

/**
 * The groups of each scenario as one: a worker process given a whole scenario builds its guard
 * setups (one per pair member) and measures once, where groups handed out one by one have every
 * worker build them for most scenarios.
 */
function scenarioGroups(groups: readonly Job[][]): Job[][] {
  return groupedBy(groups, (group) => group[0].scenario_id).map((scenario) => scenario.flat());
}

function groupedBy<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

/**
 * Measures the records of records.jsonl line by line, except those already measured where they
 * were run (`fresh`, by record key); a torn last line is ignored.
 */
async function measureFile(path: string, scenarios: readonly Scenario[], options: SweepOptions, fresh: ReadonlyMap<string, MeasuredRecord>, asked: ReadonlySet<string>): Promise<MeasuredRecord[]> {
  if (!existsSync(path)) return [];
  const contextOf = corpusContext(scenarios, options.seed);
  const measured: MeasuredRecord[] = [...fresh.values()];
  let lineNumber = 0;
  for await (const line of recordLines(path)) {
    lineNumber++;
    const record = parseLine(line, path, lineNumber);
    if (!record) continue;
    const key = recordKey(record);
    // Records of a wider earlier sweep in the same file are not this sweep's: the report covers what was asked.
    if (!fresh.has(key) && asked.has(key)) measured.push(measureRecord(record, contextOf(record)));
  }
  return measured;
}

/** Recompute summary.json, report.md and report.html from the records in `dir` this sweep asks for (`asked`: their keys; `measured`: those this run already measured). */
export async function summarize(
  dir: string,
  scenarios: readonly Scenario[],
  options: SweepOptions,
  run: { wallSeconds: number; complete: boolean; failed: number },
  fresh: { measured: ReadonlyMap<string, MeasuredRecord>; wholeFile: boolean; asked: ReadonlySet<string> },
): Promise<Summary> {
  const measured = fresh.wholeFile ? [...fresh.measured.values()] : await measureFile(join(dir, "records.jsonl"), scenarios, options, fresh.measured, fresh.asked);
  const metrics = aggregateMetrics(measured, { horizons: options.horizons });
  const summary = buildSummary(metrics, { corpus: options.corpus, model: options.model, seed: options.seed, ...run });
  await writeReport(dir, summary);
  return summary;
}

/** What a records file's records depend on beyond their keys: a resumed sweep must use the same. */
const SWEEP_SETTINGS_FILE = "sweep.json";

/** Records `<out>/sweep.json` on a new sweep; refuses to add records made under another seed or model to a resumed one. */
async function claimOutDir(options: SweepOptions, resuming: boolean): Promise<void> {
  const path = join(options.out, SWEEP_SETTINGS_FILE);
  const settings = { seed: options.seed, model: options.model };
  let earlier: Partial<typeof settings> | undefined;
  try {
    earlier = parseJson(await readFile(path, "utf8"), path) as Partial<typeof settings>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (resuming && earlier && (earlier.seed !== settings.seed || earlier.model !== settings.model)) {
    throw new Error(
      `${options.out} holds records made with --seed ${String(earlier.seed)} --model ${String(earlier.model)}; resume it with the same, or write to another --out`,
    );
  }
  if (!earlier || !resuming) await writeFile(path, `${JSON.stringify(settings)}\n`);
}

export async function runSweep(input: SweepOptionsInput, hooks: SweepHooks = {}): Promise<SweepResult> {
  const options = parseConfig(sweepOptionsSchema, input, "eval options");
  if (options.model === "openai" && !options.remote && !process.env.OPENAI_BASE_URL && !process.env.OPENAI_API_KEY) {
    // Without them the agents' model would be the scripted one, under an "openai" label.
    throw new Error("--model openai needs OPENAI_BASE_URL and/or OPENAI_API_KEY (OpenAI or an OpenAI-compatible server); use --model scripted for the embedded model");
  }
  // Checked before any record: a dead endpoint would fail each one after minutes of retries.
  if (options.model === "openai" && !options.remote) await ensureModelEndpointReachable();
  const started = performance.now();
  const all = await loadAgentLeak(options.corpus);
  const unpairable = all.filter((s) => !trackedAttribute(s)).map((s) => s.id);
  const scenarios = all.filter((s) => trackedAttribute(s)).slice(0, options.limit);
  await mkdir(options.out, { recursive: true });
  const recordsPath = join(options.out, "records.jsonl");
  const done = await existingRecords(recordsPath);
  await claimOutDir(options, done.size > 0);
  const asked = sweepJobs(scenarios, options);
  const askedKeys = asked.map(recordKey);
  const jobs = asked.filter((_, index) => !done.has(askedKeys[index]));
  // A server run builds nothing a later run reuses in another lane: there, smaller units keep more runs in flight.
  const groups = options.remote ? jobGroups(jobs) : scenarioGroups(jobGroups(jobs));
  const settings: JobSettings = { seed: options.seed, model: options.model, langsmith: options.langsmith };
  const bar = progressBar(options, jobs.length);
  const out = createWriteStream(recordsPath, { flags: "a" });
  const failures: SweepResult["failures"] = [];
  const fresh = new Map<string, MeasuredRecord>();
  let written = 0;
  let nextGroup = 0;
  const lanes = Math.min(options.concurrency, groups.length);
  const executor = options.remote
    ? await remoteExecutor(Math.max(lanes, 1), options.remote, options.corpus, scenarios, settings)
    : lanes <= 1
      ? inProcessExecutor(scenarios, settings)
      : await processExecutor(lanes, options.corpus, settings);
  /** The jobs of whole groups, taken in sweep order by whichever lane asks next, until aborted. */
  function* laneJobs(): Generator<Job> {
    while (nextGroup < groups.length && !hooks.signal?.aborted) {
      for (const job of groups[nextGroup++]) {
        if (hooks.signal?.aborted) return;
        yield job;
      }
    }
  }
  const lane = async ({ run, depth }: Lane) => {
    const assigned = laneJobs();
    const inFlight: Array<{ job: Job; output: Promise<JobOutput> }> = [];
    const dispatch = () => {
      while (inFlight.length < depth) {
        const next = assigned.next();
        if (next.done) return;
        const output = run(next.value);
        // Awaited in turn below; a queued job failing meanwhile is not an unhandled rejection.
        output.catch(() => undefined);
        inFlight.push({ job: next.value, output });
      }
    };
    dispatch();
    for (let oldest = inFlight.shift(); oldest; dispatch(), oldest = inFlight.shift()) {
      try {
        const { line, measured } = await oldest.output;
        if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
        fresh.set(recordKey(measured.record), measured);
        written++;
        bar?.update(written, { rate: (written / ((performance.now() - started) / 1000)).toFixed(1) });
        hooks.onRecord?.(written);
      } catch (error) {
        failures.push({ key: recordKey(oldest.job), error: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  try {
    await Promise.all(executor.lanes.map(lane));
  } finally {
    bar?.stop();
    await executor.close();
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  const interrupted = hooks.signal?.aborted ?? false;
  const wallSeconds = (performance.now() - started) / 1000;
  const summary = await summarize(options.out, scenarios, options, { wallSeconds, complete: !interrupted && failures.length === 0, failed: failures.length }, { measured: fresh, wholeFile: done.size === 0, asked: new Set(askedKeys) });
  return { records: summary.records, written, skipped: asked.length - jobs.length, failures, unpairable, interrupted, wallSeconds, summary };
}
