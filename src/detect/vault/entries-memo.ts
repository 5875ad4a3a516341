import type { VaultEntry } from "./vault.js";

/**
 * What `derive` makes of a vault's entries, made again only when entries were added (vaults only
 * grow): detectors over the vault read `entries()` at each call, so values added at run time count.
 */
export function derivedFromEntries<T>(entries: () => readonly VaultEntry[], derive: (all: readonly VaultEntry[]) => T): () => T {
  let seen = -1;
  let derived: T;
  return () => {
    const all = entries();
    if (all.length !== seen) {
      seen = all.length;
      derived = derive(all);
    }
    return derived;
  };
}
