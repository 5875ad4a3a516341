import { describe, expect, it } from "vitest";
import { PatternIndex } from "../../../src/detect/vault/pattern-group.js";
import { NEEDS_TOKEN_END, NEEDS_TOKEN_START } from "../../../src/detect/vault/variant.js";
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

  it("forks a vault and its companion onto the same automata, each fork adding on its own", () => {
    const vault = new Vault(inferFieldType);
    vault.add("ssn", "123-45-6789");
    const companion = vault.companion(inferFieldType);
    companion.add("email", "ann@example.com");
    vault.prepare();
    const fork = vault.fork(inferFieldType);
    const forkedCompanion = companion.forkAlong(fork, inferFieldType);
    fork.add("account", "ACC-7734-931");
    forkedCompanion.add("email", "bob@example.com");
    const text = "ssn 123-45-6789, ACC-7734-931, ann@example.com, bob@example.com";
    expect(spans(fork, text)).toEqual([["123-45-6789", "ssn"], ["ACC-7734-931", "account"]]);
    expect(spans(forkedCompanion, text)).toEqual([["ann@example.com", "email"], ["bob@example.com", "email"]]);
    // The fork's additions never reach the vault it was forked from, nor the reverse.
    expect(spans(vault, text)).toEqual([["123-45-6789", "ssn"]]);
    expect(spans(companion, text)).toEqual([["ann@example.com", "email"]]);
    vault.add("phone", "415-555-0199");
    expect(spans(fork, "call 415-555-0199")).toEqual([]);
    expect(fork.entries().map((entry) => entry.field)).toEqual(["ssn", "account"]);
  });

  it("forks that add values at the same places share delta indexes only where the patterns are the same", () => {
    const vault = new Vault(inferFieldType);
    vault.add("ssn", "123-45-6789");
    vault.prepare();
    const [first, second, other, elsewhere] = [0, 1, 2, 3].map(() => vault.fork(inferFieldType));
    first.add("account", "ACC-7734-931");
    second.add("account", "ACC-7734-931");
    // The same form under another field, and another form under the same field, at the same entry.
    other.add("member_id", "ACC-7734-931");
    elsewhere.add("account", "ACC-5521-408");
    const text = "ACC-7734-931 or ACC-5521-408";
    expect(spans(first, text)).toEqual([["ACC-7734-931", "account"]]);
    expect(spans(second, text)).toEqual([["ACC-7734-931", "account"]]);
    expect(spans(other, text)).toEqual([["ACC-7734-931", "member_id"]]);
    expect(spans(elsewhere, text)).toEqual([["ACC-5521-408", "account"]]);
    // Interleaved scans of one shared index by two forks each read their own text's hits.
    expect(spans(first, "x ACC-7734-931")).toEqual([["ACC-7734-931", "account"]]);
    expect(spans(second, "ACC-7734-931 y")).toEqual([["ACC-7734-931", "account"]]);
    expect(spans(first, "nothing here")).toEqual([]);
  });
});

describe("PatternIndex edges (token boundaries a pattern's every target needs)", () => {
  it("a masked head needs a token start only; a form shared with a whole value keeps only what both need", () => {
    const head = { form: "420", confidence: 0.8, role: "masked-head" as const };
    const tail = { form: "9133", confidence: 0.8, role: "masked-tail" as const };
    const index = new PatternIndex([[[head, tail], [{ form: "420", confidence: 1, role: "whole" as const }]]], [0], [1]);
    const edgesOf = (form: string) => index.edges[index.automaton.reported[form === "420" ? 0 : 1]];
    expect(edgesOf("420")).toBe(NEEDS_TOKEN_START);
    expect(edgesOf("9133")).toBe(NEEDS_TOKEN_END);
    const shared = new PatternIndex([[[head], [{ form: "420", confidence: 1, role: "whole" as const }]]], [0], [2]);
    expect(shared.edges[shared.automaton.reported[0]]).toBe(0);
  });

  it("a masked head inside a longer number is not taken, one starting a token before its mask is", () => {
    const vault = new Vault(inferFieldType);
    vault.add("ssn", "202-61-4417");
    expect(spans(vault, "on 12 Jan 2026 at 19:05")).toEqual([]);
    expect(spans(vault, "SSN 202-61-XXXX on file")).toEqual([["202-61", "ssn"]]);
  });
});
