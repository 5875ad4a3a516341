import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { allowedFields, normalizeVaultValue, parseTraces, readTraces, TraceFormatError } from "../../src/replay/traces.js";

const FIXTURE = new URL("../fixtures/traces.jsonl", import.meta.url);

describe("readTraces", () => {
  it("reads .jsonl and the same content gzip'd", async () => {
    const dir = mkdtempSync(join(tmpdir(), "recons-traces-"));
    const gz = join(dir, "traces.jsonl.gz");
    writeFileSync(gz, gzipSync(readFileSync(FIXTURE)));
    const plain = await readTraces(FIXTURE.pathname);
    expect(plain.map((t) => t.trace_id)).toEqual(["fx_health", "fx_legal"]);
    expect(await readTraces(gz)).toEqual(plain);
  });

  it("names the line and the field of a bad trace", () => {
    const good = readFileSync(FIXTURE, "utf8").split("\n")[0]!;
    const bad = JSON.parse(good) as { channel_messages: Array<{ content: unknown }> };
    bad.channel_messages[1]!.content = 42;
    expect(() => parseTraces(`${good}\n\n${JSON.stringify(bad)}\n`, "t.jsonl")).toThrow(/t\.jsonl:3: channel_messages\.1\.content/);
    expect(() => parseTraces(`${good}\n{oops`, "t.jsonl")).toThrow(TraceFormatError);
    expect(() => parseTraces(`{oops`, "t.jsonl")).toThrow(/t\.jsonl:1: invalid JSON/);
    // An unexpected token (V8 gives no position for it) is placed too, and its text is not quoted.
    expect(() => parseTraces(`{"trace_id": 939796410x}`, "t.jsonl")).toThrow(/^t\.jsonl:1: invalid JSON \(syntax error at character 23\)$/);
  });
});

describe("normalizeVaultValue", () => {
  it("turns Python-repr lists and dicts into arrays and records", () => {
    expect(normalizeVaultValue("['sense', 'film', 'Mr']")).toEqual(["sense", "film", "Mr"]);
    expect(normalizeVaultValue("{'base': 190171, 'bonus': 41305}")).toEqual({ base: 190171, bonus: 41305 });
    expect(normalizeVaultValue("[{'amount': 634.74, 'merchant': 'Mercer Ltd'}]")).toEqual([634.74, "Mercer Ltd"]);
    expect(normalizeVaultValue("(894)764-7436x713")).toBe("(894)764-7436x713");
    expect(normalizeVaultValue(484801.59)).toBe(484801.59);
  });
});

describe("allowedFields", () => {
  it("lets the realistic twin of an allowed canary field follow it", async () => {
    const [trace] = await readTraces(FIXTURE.pathname);
    expect([...allowedFields(trace!)]).toEqual(["name"]);
    trace!.input.allowed_set.fields.push("ssn");
    expect(allowedFields(trace!).has("ssn_real")).toBe(true);
  });
});
