/** One vault-growth measurement in a process of its own: `tsx vault-growth-child.ts <size> <texts.json> <vault.json>`. */
import { readFile } from "node:fs/promises";
import type { VaultValue } from "../src/policy/options.js";
import type { BenchMessage } from "./corpus.js";
import { measureVaultCost, syntheticVault } from "./vault-growth.js";

/** Fresh guards timed per size in this process (the fastest counts). */
const PASSES = 3;
/** Untimed passes first, on fresh guards of the same size (as the throughput bench warms up). */
const WARMUPS = 2;

const [size, textsFile, vaultFile] = process.argv.slice(2);
const texts = JSON.parse(await readFile(textsFile!, "utf8")) as BenchMessage[];
const vault = JSON.parse(await readFile(vaultFile!, "utf8")) as Record<string, VaultValue>;
// A small vault's pass first loads what every guard shares (word lists), so setup times only this size's own work.
measureVaultCost(syntheticVault(10), 10, texts);
process.stdout.write(JSON.stringify(measureVaultCost(vault, Number(size), texts, PASSES, WARMUPS)));
