import { describe, expect, it } from "vitest";
import { Vault } from "../../../src/detect/vault/vault.js";
import { inferFieldType } from "../../../src/policy/infer.js";

function spans(vault: Vault, text: string): [string, string | null][] {
  return vault.detect(text).map((d) => [text.slice(d.start, d.end), d.field]);
}

describe("PatternGroup (a vault and its companion scanned in shared automata)", () => {
  it("routes each hit of the shared scan to the vault that owns the pattern", () => {
    const vault = new Vault(inferFieldType);
    vault.add("ssn", "123-45-6789");
    const companion = vault.companion(inferFieldType);
    companion.add("email", "ann@example.com");
    const text = "ssn 123-45-6789, mail ann@example.com";
    expect(spans(vault, text)).toEqual([["123-45-6789", "ssn"]]);
    expect(spans(companion, text)).toEqual([["ann@example.com", "email"]]);
    expect(spans(vault, text)).toEqual([["123-45-6789", "ssn"]]);
  });

  it("finds values either member adds after the first scan (delta index, then a merge)", () => {
    const vault = new Vault(inferFieldType);
    vault.add("ssn", "123-45-6789");
    const companion = vault.companion(inferFieldType);
    expect(spans(companion, "x 123-45-6789")).toEqual([]);
    companion.add("email", "ann@example.com");
    expect(spans(companion, "ann@example.com")).toEqual([["ann@example.com", "email"]]);
    for (let i = 0; i < 10; i++) vault.add(`account${i}`, `ACC-77${i}4-9${i}1`);
    const text = "ACC-7734-931 and ann@example.com and 123-45-6789";
    expect(spans(vault, text)).toEqual([["ACC-7734-931", "account3"], ["123-45-6789", "ssn"]]);
    expect(spans(companion, text)).toEqual([["ann@example.com", "email"]]);
  });
});
