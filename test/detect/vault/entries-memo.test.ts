/**
 * Session 51: guards forked from one setup derive their Detectors' indexes of the vault once between them, and a large vault's
 * field names are split once (each fresh guard over 10,000 values had spent ~150 ms re-deriving them on its first text).
 */
import { describe, expect, it } from "vitest";
import { derivedFromEntries } from "../../../src/detect/vault/entries-memo.js";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import { fieldNameWords } from "../../../src/detect/vault/words.js";

const entry = (value: string): VaultEntry => ({ field: "account_id", value, kind: "id", valueType: "format" });

describe("derivations of a vault's entries", () => {
  it("are made once for lists holding the same entries (a fork copies its source's), again for a list that grew", () => {
    const made: number[] = [];
    const lengthOf = (all: readonly VaultEntry[]) => {
      made.push(all.length);
      return all.length;
    };
    const setup = [entry("ACC-1"), entry("ACC-2")];
    const [first, second] = [[...setup], [...setup]];
    expect(derivedFromEntries(() => first, lengthOf)()).toBe(2);
    expect(derivedFromEntries(() => second, lengthOf)()).toBe(2);
    expect(made).toEqual([2]);
    // One fork adds a value of its own: its derivation is its own, the other's unchanged.
    const grown = derivedFromEntries(() => first, lengthOf);
    first.push(entry("ACC-3"));
    expect(grown()).toBe(3);
    expect(derivedFromEntries(() => second, lengthOf)()).toBe(2);
    expect(made).toEqual([2, 3]);
  });

  it("are kept for sharing only as each reader first made them: a list growing at run time leaves no trail of derivations", () => {
    const made: number[] = [];
    const lengthOf = (all: readonly VaultEntry[]) => {
      made.push(all.length);
      return all.length;
    };
    const list = [entry("ACC-1")];
    const reader = derivedFromEntries(() => list, lengthOf);
    expect(reader()).toBe(1);
    list.push(entry("ACC-2"));
    expect(reader()).toBe(2);
    // The grown list's derivation was not kept: another reader of that very list makes its own (and keeps it).
    expect(derivedFromEntries(() => list, lengthOf)()).toBe(2);
    expect(derivedFromEntries(() => [...list], lengthOf)()).toBe(2);
    expect(made).toEqual([1, 2, 2]);
  });

  it("are not shared between lists of one length ending in other entries, nor between derivations", () => {
    const made: string[] = [];
    const lastOf = (all: readonly VaultEntry[]) => {
      made.push(all.at(-1)!.value);
      return all.at(-1)!.value;
    };
    const shared = entry("ACC-1");
    expect(derivedFromEntries(() => [shared, entry("ACC-2")], lastOf)()).toBe("ACC-2");
    expect(derivedFromEntries(() => [shared, entry("ACC-3")], lastOf)()).toBe("ACC-3");
    const list = [shared];
    expect(derivedFromEntries(() => list, lastOf)()).toBe("ACC-1");
    expect(derivedFromEntries(() => list, (all) => all.length)()).toBe(1);
    expect(made).toEqual(["ACC-2", "ACC-3", "ACC-1"]);
  });
});

describe("a field name's words", () => {
  it("are split once though a vault has 10,000 fields", () => {
    const first = fieldNameWords("ssn_0");
    for (let field = 1; field < 10_000; field++) fieldNameWords(`ssn_${field}`);
    expect(fieldNameWords("ssn_0")).toBe(first);
  });
});
