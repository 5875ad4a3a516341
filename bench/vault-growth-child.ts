/** One vault-growth measurement in a process of its own: `tsx vault-growth-child.ts <size> <texts.json> <vault.json>`. */
import { readFile } from "node:fs/promises";
import type { VaultValue } from "../src/policy/options.js";
import type { BenchMessage } from "./corpus.js";
import { measureVaultCost, syntheticVault } from "./vault-growth.js";

/** Fresh guards timed per size in this process (the fastest counts). */
const PASSES = 3;

const [size, textsFile, vaultFile] = process.argv.slice(2);
const texts = JSON.parse(await readFile(textsFile!, "utf8")) as BenchMessage[];
const vault = JSON.parse(await readFile(vaultFile!, "utf8")) as Record<string, VaultValue>;
// A first pass with a small vault warms the JIT, as the parent's other sizes would have.
measureVaultCost(syntheticVault(10), 10, texts);
process.stdout.write(JSON.stringify(measureVaultCost(vault, Number(size), texts, PASSES)));
