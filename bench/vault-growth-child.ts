/** One vault-growth run in a process of its own: `tsx vault-growth-child.ts <texts.json> <size>=<vault.json> ...`, sizes smallest first. */
import { readFile } from "node:fs/promises";
import type { VaultValue } from "../src/policy/options.js";
import type { BenchMessage } from "./corpus.js";
import { measureVaultCost, syntheticVault } from "./vault-growth.js";

/** Fresh guards timed per size (the fastest counts). */
const PASSES = 3;
/** Untimed passes first, on fresh guards of the same size (as the throughput bench warms up). */
const WARMUPS = 2;

const [textsFile, ...sizes] = process.argv.slice(2);
const texts = JSON.parse(await readFile(textsFile!, "utf8")) as BenchMessage[];
// A small vault's pass first loads what every guard shares (word lists), so setup times only each size's own work.
measureVaultCost(syntheticVault(10), 10, texts);
const rows = [];
for (const sizeAndFile of sizes) {
  const [size, vaultFile] = sizeAndFile.split(/=(.*)/s);
  const vault = JSON.parse(await readFile(vaultFile!, "utf8")) as Record<string, VaultValue>;
  rows.push(measureVaultCost(vault, Number(size), texts, PASSES, WARMUPS));
}
process.stdout.write(JSON.stringify(rows));
