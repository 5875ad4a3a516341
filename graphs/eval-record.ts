import { evalRecordGraph } from "../src/eval/record-graph.js";

/** One record of `recons eval`, run for `--remote` (see src/eval/record-graph.ts). */
export const graph = evalRecordGraph();
