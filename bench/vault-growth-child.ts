/** One vault-growth measurement in a process of its own: `tsx vault-growth-child.ts <size> <texts.json>`. */
import { readFile } from "node:fs/promises";
import type { BenchMessage } from "./corpus.js";
import { measureVaultCost } from "./vault-growth.js";

/** Fresh guards timed per size in this process (the fastest counts). */
const PASSES = 3;

const [size, textsFile] = process.argv.slice(2);
const texts = JSON.parse(await readFile(textsFile!, "utf8")) as BenchMessage[];
// A first pass with a small vault warms the JIT, as the parent's other sizes would have.
measureVaultCost(10, texts);
process.stdout.write(JSON.stringify(measureVaultCost(Number(size), texts, PASSES)));
