/** One throughput measurement in a process of its own: `tsx throughput-child.ts` prints its ThroughputResult as JSON. */
import { loadBenchCorpus } from "./corpus.js";
import { measureThroughput } from "./throughput.js";

process.stdout.write(JSON.stringify(measureThroughput(await loadBenchCorpus())));
