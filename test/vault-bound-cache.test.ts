import { describe, expect, it } from "vitest";
import { VaultBoundCache } from "../src/vault-bound-cache.js";

describe("VaultBoundCache", () => {
  it("computes a key once per vault version and empties itself when full", () => {
    const vault = { version: 1 };
    const cache = new VaultBoundCache<number>(vault, 2);
    let calls = 0;
    const compute = () => ++calls;
    expect(cache.get("a", compute)).toBe(1);
    expect(cache.get("a", compute)).toBe(1);
    vault.version = 2; // a new vault value may change every answer
    expect(cache.get("a", compute)).toBe(2);
    cache.get("b", compute);
    expect(cache.get("c", compute)).toBe(4); // full: emptied before storing c
    expect(cache.get("a", compute)).toBe(5);
  });
});
