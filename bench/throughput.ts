/** Replay throughput of RECONS next to piiMiddleware's detectors on the same texts, in the same run. */
import { INTRODUCED_RECIPIENT } from "../src/replay/replay.js";
import { corpusTexts, cpuSeconds, type BenchCorpus } from "./corpus.js";
import { piiMiddlewareRedact } from "./pii-middleware.js";

export interface ThroughputResult {
  megabytes: number;
  reconsMBps: number;
  piiMiddlewareMBps: number;
  /** RECONS MB/s / piiMiddleware MB/s. */
  ratio: number;
}

/** Each message is sanitized for its original recipient and for an introduced one; MB counts each pass. */
export function measureThroughput(corpus: BenchCorpus): ThroughputResult {
  const texts = corpusTexts(corpus);
  const megabytes = (2 * texts.reduce((sum, message) => sum + Buffer.byteLength(message.content), 0)) / 1e6;
  // CPU time, not wall time: other processes on the machine must not count against either side.
  const started = process.cpuUsage();
  for (const { guard, messages } of corpus.jobs) {
    for (const { channel, content, recipient } of messages) {
      guard.sanitizeSync({ channel, content, recipient });
      guard.sanitizeSync({ channel, content, recipient: INTRODUCED_RECIPIENT });
    }
  }
  const reconsSeconds = cpuSeconds(started);
  // piiMiddleware keeps no state between passes, so its best of three is a fair steady state.
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
