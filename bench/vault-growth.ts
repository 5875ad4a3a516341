/** Sanitizing cost as the vault grows from 10 to 10,000 values (matching must stay one pass). */
import { createRecons } from "../src/guard.js";
import type { VaultValue } from "../src/policy/options.js";
import { INTRODUCED_RECIPIENT } from "../src/replay/replay.js";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { cpuSeconds, seconds, type BenchMessage } from "./corpus.js";

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL("./vault-growth-child.ts", import.meta.url));

export const VAULT_SIZES = [10, 1_000, 10_000] as const;
/**
 * The whole dev corpus (3.8 MB): a 10,000-value guard leaves ~180 MB of setup garbage whose
 * collection overlaps the first pass; over 400 KB it was charged to matching and doubled the spread.
 */
const TEXT_BUDGET_BYTES = 4_000_000;
/** Rounds of every size; odd, so that one round is the median. */
const ROUNDS = 5;

const FIRST = ["Ryan", "Maria", "Wei", "Amara", "Lukas", "Sofia", "Omar", "Priya", "Jonas", "Elena", "Kofi", "Hana"];
const LAST = ["Wilson", "Okafor", "Lindqvist", "Haddad", "Moreau", "Tanaka", "Novak", "Reyes", "Fischer", "Adeyemi", "Costa"];

/** Deterministic PRNG (mulberry32): the same synthetic vault on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `size` synthetic fields cycling through names, SSNs, dates, amounts, phones and ids. */
export function syntheticVault(size: number): Record<string, VaultValue> {
  const random = prng(size);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join("");
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const makers: Array<(i: number) => [string, VaultValue]> = [
    (i) => [`patient_name_${i}`, `${pick(FIRST)} ${pick(LAST)}-${digits(3)}`],
    (i) => [`ssn_${i}`, `${1 + Math.floor(random() * 8)}${digits(2)}-${digits(2)}-${digits(4)}`],
    (i) => [`dob_${i}`, `19${digits(2)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`],
    (i) => [`salary_${i}`, 10_000 + Math.floor(random() * 900_000)],
    (i) => [`phone_${i}`, `+1-${digits(3)}-${digits(3)}-${digits(4)}`],
    (i) => [`account_id_${i}`, `ACC-${digits(10)}`],
  ];
  return Object.fromEntries(Array.from({ length: size }, (_, i) => makers[i % makers.length]!(i)));
}

export interface VaultGrowthRow {
  size: number;
  setupSeconds: number;
  secondsPerMB: number;
}

/** Values drawn beyond a vault's size, ten of each kind: some of each are dropped as found in the texts (a salary often is). */
const SPARE_DRAWS = 60;

/**
 * A synthetic vault of `size` values none of which occurs in `texts`, in any form or as the surrogate
 * of one (values a probe guard protects there are dropped): the growth ratio then measures matching,
 * not the extra transformations of random values that happen to occur (a random amount or date often
 * does, and among 10,000 identifiers some surrogate ends in the 4 digits a text shows masked).
 * SPARE_DRAWS more values are drawn than kept, then the kinds taken in turn: a small vault holds
 * every kind (dropping alone had left the 10-value vault 7 values and no amount, so its passes
 * skipped the amount detectors the larger ones ran).
 */
export function absentVault(size: number, texts: BenchMessage[]): Record<string, VaultValue> {
  const drawn = syntheticVault(size + SPARE_DRAWS);
  // The fields are named by kind (`ssn_12`); syntheticVault cycles through the kinds in this order.
  const kindOf = (field: string) => field.replace(/_\d+$/, "");
  const byKind = new Map(Object.keys(drawn).map((field) => [kindOf(field), [] as Array<[string, VaultValue]>]));
  // Until none is left: a dropped value's surrogate no longer hides another one on the same span.
  for (let dropped = true; dropped; ) {
    dropped = false;
    const probe = createRecons({ secret: "recons-bench", vault: drawn });
    for (const { channel, content } of texts) {
      for (const { field } of probe.sanitizeSync({ channel, content, recipient: INTRODUCED_RECIPIENT }).decisions) {
        if (field !== null && field in drawn) {
          delete drawn[field];
          dropped = true;
        }
      }
    }
  }
  for (const entry of Object.entries(drawn)) byKind.get(kindOf(entry[0]))!.push(entry);
  const kept: Array<[string, VaultValue]> = [];
  for (let round = 0; kept.length < size; round++) {
    const before = kept.length;
    for (const values of byKind.values()) if (round < values.length && kept.length < size) kept.push(values[round]!);
    if (kept.length === before) break;
  }
  return Object.fromEntries(kept);
}

/**
 * Fresh guards of `size` values (one per pass, so no memo carries over) each sanitizing `texts` once
 * for an introduced recipient; the fastest pass counts: a single pass of a few hundred KB lasts tens
 * of milliseconds, short enough for a scheduler hiccup to double it. The first `warmups` passes are
 * not counted: V8 compiles the paths a vault of this size takes (a large vault's automaton has wider
 * cells and sparse states a small one never reaches) over the first passes.
 */
export function measureVaultCost(vault: Record<string, VaultValue>, size: number, texts: BenchMessage[], passes = 1, warmups = 0): VaultGrowthRow {
  const bytes = texts.reduce((sum, message) => sum + Buffer.byteLength(message.content), 0);
  let best: VaultGrowthRow | undefined;
  let setupSeconds: number | undefined;
  for (let pass = 0; pass < warmups + passes; pass++) {
    const started = process.hrtime.bigint();
    const guard = createRecons({ secret: "recons-bench", vault });
    // Later passes fork the setup the first one prepared (guardSetup): only the first one's time is setup.
    setupSeconds ??= seconds(started);
    const cpu = process.cpuUsage();
    for (const { channel, content } of texts) guard.sanitizeSync({ channel, content, recipient: INTRODUCED_RECIPIENT });
    const row = { size, setupSeconds, secondsPerMB: cpuSeconds(cpu) / (bytes / 1e6) };
    if (pass >= warmups && (!best || row.secondsPerMB < best.secondsPerMB)) best = row;
  }
  return best!;
}

/** One round: every size measured once, each in a process of its own, one right after the other. */
export interface VaultGrowthRound {
  rows: VaultGrowthRow[];
  growth: number;
}

/**
 * Time per MB of sanitizing the same texts for an introduced recipient, per vault size. Each
 * measurement runs in its own process, so the heap a 10,000-value guard leaves behind cannot slow
 * the next one down. A round measures every size once, in turn (ascending, then descending in the
 * next round, so a steady drift of the machine's speed favours neither end), and gives its own
 * growth; the result is the round of median growth. The machine's speed drifts between processes
 * (one build measured 0.061-0.095 s/MB at 10 values within minutes): the best time per size over
 * all rounds compared a lucky 10-value process with a typical 10,000-value one.
 */
export async function measureVaultGrowth(messages: BenchMessage[]): Promise<{ rounds: VaultGrowthRound[]; median: VaultGrowthRound }> {
  const texts: BenchMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    if (bytes >= TEXT_BUDGET_BYTES) break;
    texts.push(message);
    bytes += Buffer.byteLength(message.content);
  }
  const dir = await mkdtemp(join(tmpdir(), "recons-vault-growth-"));
  const textsFile = join(dir, "texts.json");
  await writeFile(textsFile, JSON.stringify(texts));
  const vaultFile = (size: number) => join(dir, `vault-${size}.json`);
  // Made once per size here: finding the absent values takes a few guards of that size.
  for (const size of VAULT_SIZES) await writeFile(vaultFile(size), JSON.stringify(absentVault(size, texts)));
  try {
    const rounds: VaultGrowthRound[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [...VAULT_SIZES] : [...VAULT_SIZES].reverse();
      const measured = new Map<number, VaultGrowthRow>();
      for (const size of order) {
        const { stdout } = await run(process.execPath, [...process.execArgv, CHILD, String(size), textsFile, vaultFile(size)]);
        measured.set(size, JSON.parse(stdout) as VaultGrowthRow);
      }
      const rows = VAULT_SIZES.map((size) => measured.get(size)!);
      rounds.push({ rows, growth: rows[rows.length - 1]!.secondsPerMB / rows[0]!.secondsPerMB });
    }
    const byGrowth = [...rounds].sort((a, b) => a.growth - b.growth);
    return { rounds, median: byGrowth[Math.floor(byGrowth.length / 2)]! };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
