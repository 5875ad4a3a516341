/** Sanitizing cost as the vault grows from 10 to 10,000 values (matching must stay one pass). */
import { createRecons } from "../src/guard.js";
import type { VaultValue } from "../src/policy/options.js";
import { INTRODUCED_RECIPIENT } from "../src/replay/replay.js";
import { cpuSeconds, seconds, type BenchMessage } from "./corpus.js";

export const VAULT_SIZES = [10, 1_000, 10_000] as const;
/** Enough text for a stable timing without making `npm run bench` slow. */
const TEXT_BUDGET_BYTES = 400_000;
const ROUNDS = 3;

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

/** Time per MB of sanitizing the same texts for an introduced recipient, per vault size. */
export function measureVaultGrowth(messages: BenchMessage[]): { rows: VaultGrowthRow[]; growth: number } {
  const texts: BenchMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    if (bytes >= TEXT_BUDGET_BYTES) break;
    texts.push(message);
    bytes += Buffer.byteLength(message.content);
  }
  // Sizes take turns for ROUNDS rounds, each with a fresh guard (cold caches), and keep their best
  // time: JIT warm-up and collector pauses would otherwise land on whichever size runs first.
  const best = new Map<number, VaultGrowthRow>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const size of VAULT_SIZES) {
      const started = process.hrtime.bigint();
      const guard = createRecons({ secret: "recons-bench", vault: syntheticVault(size) });
      const setupSeconds = seconds(started);
      const cpu = process.cpuUsage();
      for (const { channel, content } of texts) guard.sanitizeSync({ channel, content, recipient: INTRODUCED_RECIPIENT });
      const row = { size, setupSeconds, secondsPerMB: cpuSeconds(cpu) / (bytes / 1e6) };
      const previous = best.get(size);
      if (!previous || row.secondsPerMB < previous.secondsPerMB) best.set(size, row);
    }
  }
  const rows = VAULT_SIZES.map((size) => best.get(size)!);
  return { rows, growth: rows[rows.length - 1]!.secondsPerMB / rows[0]!.secondsPerMB };
}
