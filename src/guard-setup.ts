import { createHash } from "node:crypto";
import type { Action } from "./event.js";
import { Vault } from "./detect/vault/vault.js";
import { fieldTypeOf } from "./policy/infer.js";
import type { ReconsOptions } from "./policy/options.js";
import { deriveKeys } from "./crypto/keys.js";
import type { Operator } from "./transform/base.js";
import { MemoizedOperators } from "./transform/memoized-operators.js";
import { sharedOperators } from "./transform/operators/index.js";
import { vaultNameTokens } from "./transform/operators/pseudonym.js";
import { SurrogateIndex } from "./transform/surrogates.js";

/**
 * What a guard prepares from its secret, operators, vault and the field types its policy declares:
 * the matcher of the vault values and of their surrogates (FPE ciphertexts, pseudonyms), with the
 * operator outputs computed for them. Guards built alike (one scenario's cells in the sweep, a
 * replay's probe and guard) share one; each works on its own fork, so what one guard adds at run
 * time stays its own.
 */
export interface GuardSetup {
  readonly operators: ReadonlyMap<Action, Operator>;
  /** Listed name tokens of the initial vault: no pseudonym shows another protected person's name. */
  readonly avoidNames: ReadonlySet<string>;
  /** Never used itself, only forked. */
  readonly vault: Vault;
  /** Never used itself, only forked. */
  readonly surrogates: SurrogateIndex;
  /** Never used itself, only forked. */
  readonly applied: MemoizedOperators;
}

/**
 * Recent setups by `setupKey`, oldest first: alike guards are built together (one scenario's cells,
 * a replay's probe and guard). Bounded in count and in vault values, so memory stays bounded.
 */
const recent = new Map<string, GuardSetup>();
const RECENT_LIMIT = 16;
const RECENT_VALUES = 20_000;
let recentValues = 0;

/** The setup for `options`: a recent alike guard's, else a new one. */
export function guardSetup(options: ReconsOptions): GuardSetup {
  const key = setupKey(options);
  if (key === null) return prepareSetup(options);
  const setup = recent.get(key) ?? prepareSetup(options);
  remember(key, setup);
  return setup;
}

/** Make `setup` the most recent, dropping the oldest beyond the bounds (itself too, when its vault alone exceeds them). */
function remember(key: string, setup: GuardSetup): void {
  if (recent.delete(key)) recentValues -= setup.vault.entries().length;
  recent.set(key, setup);
  recentValues += setup.vault.entries().length;
  for (const [oldest, old] of recent) {
    if (recent.size <= RECENT_LIMIT && recentValues <= RECENT_VALUES) break;
    recent.delete(oldest);
    recentValues -= old.vault.entries().length;
  }
}

/**
 * A digest of everything a setup is made from (neither the secret nor the vault's values are kept);
 * null for a setup no other guard can share.
 */
function setupKey(options: ReconsOptions): string | null {
  // Without a secret the keys are random; plug-in operators are the caller's objects, whose outputs may depend on their state.
  if (options.secret === undefined || options.operators.length > 0) return null;
  const secret = typeof options.secret === "string" ? Buffer.from(options.secret, "utf8") : options.secret;
  // The policy's part: the declared kind and value type of each field (all `fieldTypeOf` reads of it).
  const types = Object.entries(options.policy.fields).map(([field, declared]) => [field, declared.kind, declared.valueType]);
  return createHash("sha256")
    .update(`${secret.length}:`)
    .update(secret)
    .update(JSON.stringify([options.fpe, options.mldp, options.vault, types]))
    .digest("base64");
}

function prepareSetup(options: ReconsOptions): GuardSetup {
  const keys = deriveKeys(options.secret);
  const operators = sharedOperators(keys, { fpe: options.fpe, mldp: options.mldp });
  for (const operator of options.operators) operators.set(operator.action, operator);
  const vault = new Vault((field, value) => fieldTypeOf(field, value, options.policy.fields[field]));
  for (const [field, value] of Object.entries(options.vault)) vault.add(field, value);
  // Fixed at setup: a name registered later must not change the pseudonyms already handed out.
  const avoidNames = vaultNameTokens(
    vault.entries().map((entry) => entry.value),
    vault.entries().flatMap((entry) => (entry.kind === "name" ? [entry.value] : [])),
  );
  const applied = new MemoizedOperators();
  // Indexing the surrogates applies the operators to every vault value: memoized, a verbatim value is not transformed twice.
  const surrogates = new SurrogateIndex(vault, operators, keys.hmac, (operator, input) => applied.apply(operator, input), keys.aes, avoidNames);
  // Like any matcher, the automata of the initial vault and of its surrogates are built at setup.
  surrogates.prepare();
  vault.prepare();
  return { operators, avoidNames, vault, surrogates, applied };
}
