import type { VaultEntry } from "./vault.js";

/**
 * What each derivation made of an entry list, by the list's last entry: a vault's list only grows and its forks copy it
 * whole, so a last entry and a length name one list. Guards forked from one setup then derive its indexes once, not once
 * each (≈ 50 ms a fresh guard over 10,000 values); a derivation lives as long as its list's last entry.
 */
const madeByDerivation = new WeakMap<object, WeakMap<VaultEntry, { length: number; value: unknown }>>();

/**
 * What `derive` makes of a vault's entries, made again only when entries were added (vaults only
 * grow): detectors over the vault read `entries()` at each call, so values added at run time count.
 * A `derive` declared once (not a closure made per detector) is shared by every list it was made of.
 */
export function derivedFromEntries<T>(entries: () => readonly VaultEntry[], derive: (all: readonly VaultEntry[]) => T): () => T {
  let seen = -1;
  let derived: T;
  return () => {
    const all = entries();
    if (all.length !== seen) {
      // Only the list as first read (a fork's, as its setup left it) is shared: a list growing at run time would otherwise keep a derivation per value added.
      derived = seen === -1 ? sharedDerivation(all, derive) : derive(all);
      seen = all.length;
    }
    return derived;
  };
}

function sharedDerivation<T>(all: readonly VaultEntry[], derive: (all: readonly VaultEntry[]) => T): T {
  const last = all.at(-1);
  if (last === undefined) return derive(all);
  let made = madeByDerivation.get(derive);
  if (made === undefined) madeByDerivation.set(derive, (made = new WeakMap()));
  const earlier = made.get(last);
  if (earlier !== undefined && earlier.length === all.length) return earlier.value as T;
  const value = derive(all);
  made.set(last, { length: all.length, value });
  return value;
}
