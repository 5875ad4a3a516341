/** Replay throughput of RECONS next to piiMiddleware's detectors on the same texts, in the same run. */
import { INTRODUCED_RECIPIENT } from "../src/replay/replay.js";
import { corpusTexts, cpuSeconds, type BenchCorpus, type BenchJob } from "./corpus.js";
import { piiMiddlewareRedact } from "./pii-middleware.js";

export interface ThroughputResult {
  megabytes: number;
  reconsMBps: number;
  piiMiddlewareMBps: number;
  /** RECONS MB/s / piiMiddleware MB/s. */
  ratio: number;
}

/**
 * Each message is sanitized for its original recipient and for an introduced one; MB counts each pass.
 * RECONS: one untimed warm-up pass on a separate set of fresh guards (JIT, lazily loaded word list),
 * then one timed pass on the corpus's own guards, each used for the first time: the per-guard memos
 * start empty, so this is the steady-state cost of a new session, not of a cache.
 * piiMiddleware keeps no state between passes: its best of three is its steady state.
 */
export function measureThroughput(corpus: BenchCorpus): ThroughputResult {
  const texts = corpusTexts(corpus);
  const megabytes = (2 * texts.reduce((sum, message) => sum + Buffer.byteLength(message.content), 0)) / 1e6;
  sanitizeAll(corpus.jobs.map((job) => ({ guard: job.newGuard(), messages: job.messages })));
  // CPU time, not wall time: other processes on the machine must not count against either side.
  const started = process.cpuUsage();
  sanitizeAll(corpus.jobs);
  const reconsSeconds = cpuSeconds(started);
  const piiSeconds = Math.min(
    ...[1, 2, 3].map(() => {
      const start = process.cpuUsage();
      for (const { content } of texts) {
        piiMiddlewareRedact(content);
        piiMiddlewareRedact(content);
      }
      return cpuSeconds(start);
    }),
  );
  const reconsMBps = megabytes / reconsSeconds;
  const piiMiddlewareMBps = megabytes / piiSeconds;
  return { megabytes, reconsMBps, piiMiddlewareMBps, ratio: reconsMBps / piiMiddlewareMBps };
}

function sanitizeAll(jobs: ReadonlyArray<Pick<BenchJob, "guard" | "messages">>): void {
  for (const { guard, messages } of jobs) {
    for (const { channel, content, recipient } of messages) {
      guard.sanitizeSync({ channel, content, recipient });
      guard.sanitizeSync({ channel, content, recipient: INTRODUCED_RECIPIENT });
    }
  }
}
