/** The texts the benchmarks run on: the dev traces when present, else the bundled sample messages. */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Channel } from "../src/event.js";
import { createRecons, type ReconsGuard } from "../src/guard.js";
import { REPLAYED_CHANNELS, traceGuard } from "../src/replay/replay.js";
import { readTraces } from "../src/replay/traces.js";
import { demoSamplesSchema } from "../src/cli/demo.js";

export const DEV_TRACES = fileURLToPath(new URL("../../shared/agentleak/traces_dev.jsonl.gz", import.meta.url));
const SAMPLES = new URL("../data/sample-messages.json", import.meta.url);
/** The bundled samples are tiny: repeat them to time something measurable. */
const SAMPLE_REPEAT = 400;

export interface BenchMessage {
  channel: Channel;
  content: string;
  /** The message's own (original) recipient. */
  recipient: string;
}

/** A guard with the messages it sanitizes (one per trace, like one per session). */
export interface BenchJob {
  guard: ReconsGuard;
  /** Another guard like `guard`, never used before (to warm the process up without warming `guard`'s memos). */
  newGuard(): ReconsGuard;
  messages: BenchMessage[];
}

export interface BenchCorpus {
  source: string;
  jobs: BenchJob[];
  /** Seconds spent building the guards (per-session setup, not counted in throughput). */
  setupSeconds: number;
}

/** CPU seconds of this process since `since` (`process.cpuUsage()`): steadier than wall time on a shared machine. */
export function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

export function seconds(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

export function corpusTexts(corpus: BenchCorpus): BenchMessage[] {
  return corpus.jobs.flatMap((job) => job.messages);
}

export async function loadBenchCorpus(tracesPath = DEV_TRACES): Promise<BenchCorpus> {
  const started = process.hrtime.bigint();
  if (existsSync(tracesPath)) {
    const traces = await readTraces(tracesPath);
    const jobs = traces.map((trace) => ({
      guard: traceGuard(trace, { sanitizer: "recons", secret: "recons-bench" })!,
      newGuard: () => traceGuard(trace, { sanitizer: "recons", secret: "recons-bench" })!,
      messages: trace.channel_messages
        .filter((message) => REPLAYED_CHANNELS.includes(message.channel))
        .map((message) => ({ channel: message.channel as Channel, content: message.content, recipient: message.target })),
    }));
    return { source: tracesPath, jobs, setupSeconds: seconds(started) };
  }
  const samples = demoSamplesSchema.parse(JSON.parse(await readFile(SAMPLES, "utf8")));
  const messages = samples.messages.map((message) => ({
    channel: message.channel,
    content: typeof message.content === "string" ? message.content : JSON.stringify(message.content),
    recipient: samples.recipients[0]!,
  }));
  const newGuard = () => createRecons({ secret: "recons-bench", ...samples.options });
  const jobs = [{ guard: newGuard(), newGuard, messages: Array.from({ length: SAMPLE_REPEAT }, () => messages).flat() }];
  return { source: "data/sample-messages.json (dev traces absent)", jobs, setupSeconds: seconds(started) };
}
