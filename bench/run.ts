/**
 * `npm run bench`: replay throughput of RECONS next to LangChain's piiMiddleware detectors on the
 * same texts, the cost at vault sizes 10 / 1,000 / 10,000, a peer graph with and without RECONS,
 * and the full sweep with RECONS and with no sanitizer. Ends with the two replay summary lines.
 */
import { corpusTexts, loadBenchCorpus } from "./corpus.js";
import { measureThroughputInProcesses } from "./throughput.js";
import { measureVaultGrowth } from "./vault-growth.js";
import { measureLangGraphOverhead } from "./langgraph-overhead.js";
import { benchSweep } from "./sweep.js";

function fixed(value: number, digits = 2): string {
  return value.toFixed(digits);
}

const corpus = await loadBenchCorpus();
const texts = corpusTexts(corpus);
console.log(`corpus: ${corpus.source}: ${corpus.jobs.length} guards, ${texts.length} messages (guard setup ${fixed(corpus.setupSeconds)} s, not timed below)`);

const { runs: throughputRuns, median: throughput } = await measureThroughputInProcesses();
console.log(`\nreplay throughput over ${fixed(throughput.megabytes)} MB (each message for its original and an introduced recipient), in ${throughputRuns.length} processes`);
for (const [index, result] of throughputRuns.entries()) {
  console.log(`  process ${index + 1}: RECONS sanitizeSync ${fixed(result.reconsMBps, 3)} MB/s, piiMiddleware ${fixed(result.piiMiddlewareMBps, 3)} MB/s, ratio ${fixed(result.ratio, 3)}`);
}
console.log(`  median ratio: RECONS sanitizeSync ${fixed(throughput.reconsMBps, 3)} MB/s`);
console.log(`  piiMiddleware (email, credit_card, ip, mac_address, url; redact)  ${fixed(throughput.piiMiddlewareMBps, 3)} MB/s`);

const { rounds: growthRounds, median: growth } = await measureVaultGrowth(texts);
console.log(`\nvault growth in ${growthRounds.length} rounds (every size once per round, each in a process of its own): ${growthRounds.map((round) => fixed(round.growth, 3)).join(", ")}`);
console.log("the round of median growth:\nvault size  setup s  s per MB");
for (const row of growth.rows) console.log(`${String(row.size).padStart(10)}  ${fixed(row.setupSeconds, 3).padStart(7)}  ${fixed(row.secondsPerMB, 3).padStart(8)}`);

const overhead = await measureLangGraphOverhead();
console.log(`\n10-node peer graph, scripted agents, 20 steps: ${fixed(overhead.plainMs)} ms plain, ${fixed(overhead.reconsMs)} ms with RECONS`);
console.log(`langgraph overhead ratio: ${fixed(overhead.ratio, 3)}`);

const sweep = await benchSweep();
console.log(`\nfull sweep (500 scenarios x 6 cells x 3 levels x 2 pair members, scripted model): ${fixed(sweep.recons, 1)} s with recons (goal <= 120 s), ${fixed(sweep.none, 1)} s with none (the harness alone)`);
console.log(`sweep ratio recons/none: ${fixed(sweep.recons / sweep.none, 3)}`);

console.log(`throughput ratio vs piiMiddleware: ${fixed(throughput.ratio, 3)}`);
console.log(`vault growth 10->10000: ${fixed(growth.growth, 3)}`);
