/** A bounded memo that empties itself when the vault it was computed from changes. */
export class VaultBoundCache<V> {
  private readonly entries = new Map<string, V>();
  private version = -1;

  constructor(
    private readonly vault: { readonly version: number },
    private readonly limit = 20_000,
  ) {}

  /** The value for `key`, computed once per vault version (and again after the memo filled up). */
  get(key: string, compute: () => V): V {
    if (this.version !== this.vault.version || this.entries.size >= this.limit) {
      this.entries.clear();
      this.version = this.vault.version;
    }
    let value = this.entries.get(key);
    if (value === undefined) {
      value = compute();
      this.entries.set(key, value);
    }
    return value;
  }
}
