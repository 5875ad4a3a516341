import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { HumanMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { createRecons } from "../../src/guard.js";
import { ReconsSerializer } from "../../src/langgraph/serializer.js";
import { SealError } from "../../src/crypto/aes-gcm.js";
import { leakedFields } from "../helpers/leaks.js";
import { guard, intakeNote, runAndResume, SECRET } from "../helpers/checkpoint-run.js";

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function bytesIn(value: unknown, out: Uint8Array[] = []): Uint8Array[] {
  if (value instanceof Uint8Array) out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => bytesIn(item, out));
  else if (value !== null && typeof value === "object") Object.values(value).forEach((item) => bytesIn(item, out));
  return out;
}

describe("ReconsSerializer", () => {
  const serde = new ReconsSerializer(guard, { secret: SECRET });

  it("round-trips checkpoints, messages and bytes exactly while the stored form holds no protected value", async () => {
    const value = { channel_values: { messages: [new HumanMessage(intakeNote)], note: intakeNote }, raw: new Uint8Array([1, 2, 3]) };
    const [type, bytes] = await serde.dumpsTyped(value);
    expect(type).toBe("json");
    expect(leakedFields(guard, new TextDecoder().decode(bytes))).toEqual([]);
    const loaded = (await serde.loadsTyped(type, bytes)) as typeof value;
    expect(loaded.channel_values.note).toBe(intakeNote);
    expect(HumanMessage.isInstance(loaded.channel_values.messages[0])).toBe(true);
    expect(loaded.channel_values.messages[0].content).toBe(intakeNote);
    expect(loaded.raw).toEqual(new Uint8Array([1, 2, 3]));
    const [, bare] = await serde.dumpsTyped(new Uint8Array([9, 8]));
    expect(await serde.loadsTyped("json", bare)).toEqual(new Uint8Array([9, 8]));
  });

  it("keeps metadata plain JSON, encrypting only the strings that hold protected values", async () => {
    const metadata = { source: "loop", step: 3, parents: {}, case_owner: "Dwayne Sanchez", ticket: "T-17" };
    const [, bytes] = await serde.dumpsTyped(metadata);
    const stored = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    expect(stored).toMatchObject({ source: "loop", step: 3, parents: {}, ticket: "T-17" });
    expect(stored.case_owner).toMatch(/^recons:aes-256-gcm\/v1:/);
    expect(await serde.loadsTyped("json", bytes)).toEqual(metadata);
  });

  it("loads a metadata number that held a protected value back as a number, and a key back as the key", async () => {
    const account = createRecons({ secret: SECRET, vault: { account: "4471093882" }, policy: { fields: { account: { authorized: [] } } } });
    const numbers = new ReconsSerializer(account, { secret: SECRET });
    const metadata = { source: "loop", step: 1, parents: {}, acct: 4471093882, "4471093882": "key", list: [4471093882, 7] };
    const [, bytes] = await numbers.dumpsTyped(metadata);
    expect(new TextDecoder().decode(bytes)).not.toContain("4471093882");
    expect(await numbers.loadsTyped("json", bytes)).toEqual(metadata);
  });

  it("refuses tampered data and a different secret", async () => {
    const [, bytes] = await serde.dumpsTyped({ note: intakeNote });
    const envelope = JSON.parse(new TextDecoder().decode(bytes)) as { data: string };
    const flipped = Buffer.from(envelope.data, "base64");
    flipped[flipped.length - 1] ^= 1;
    const tampered = new TextEncoder().encode(JSON.stringify({ ...envelope, data: flipped.toString("base64") }));
    await expect(serde.loadsTyped("json", tampered)).rejects.toThrow(SealError);
    const other = new ReconsSerializer(guard, { secret: "another-secret" });
    await expect(other.loadsTyped("json", bytes)).rejects.toThrow(SealError);
  });

  it("refuses a blob that is not sealed (forged or written before RECONS) unless told to accept it; metadata still loads", async () => {
    const forged = new TextEncoder().encode(JSON.stringify({ v: 4, id: "forged", channel_values: { approved: true } }));
    await expect(serde.loadsTyped("json", forged)).rejects.toThrow(SealError);
    const legacy = new ReconsSerializer(guard, { secret: SECRET, acceptUnsealed: true });
    expect(await legacy.loadsTyped("json", forged)).toMatchObject({ channel_values: { approved: true } });
    const metadata = new TextEncoder().encode(JSON.stringify({ source: "input", step: -1, parents: {} }));
    expect(await serde.loadsTyped("json", metadata)).toEqual({ source: "input", step: -1, parents: {} });
  });

  it("rejects options without a secret", () => {
    expect(() => new ReconsSerializer(guard, {} as never)).toThrow(/secret/);
  });

  it("MemorySaver: no persisted checkpoint or write holds a protected value; resume sees the real values", async () => {
    const saver = new MemorySaver(serde);
    const { seen, final, metadata } = await runAndResume(saver, saver);
    const stored = bytesIn([saver.storage, saver.writes]);
    expect(stored.length).toBeGreaterThan(5);
    for (const bytes of stored) expect(leakedFields(guard, new TextDecoder().decode(bytes))).toEqual([]);
    expect(seen.reader).toHaveLength(1);
    expect(seen.reader[0]).toContain(intakeNote);
    expect(final.approval).toBe("approved");
    expect(metadata).toMatchObject({ source: "input", step: -1, case_owner: "Dwayne Sanchez", ticket: "T-17" });
  });

  it("SqliteSaver: the database files hold no protected value; a new saver with the same secret resumes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "recons-sqlite-"));
    tempDirs.push(dir);
    const file = join(dir, "checkpoints.db");
    const first = new SqliteSaver(new Database(file), serde);
    const reopened = new SqliteSaver(new Database(file), new ReconsSerializer(guard, { secret: SECRET }));
    const { seen, final, metadata } = await runAndResume(first, reopened);
    expect(seen.reader[0]).toContain(intakeNote);
    expect(final.messages.at(-1)?.content).toBe(`read ${intakeNote}`);
    expect(metadata).toMatchObject({ case_owner: "Dwayne Sanchez", ticket: "T-17" });
    const filtered = [];
    for await (const tuple of reopened.list({ configurable: { thread_id: "meta" } }, { filter: { ticket: "T-17" } })) filtered.push(tuple);
    expect(filtered).toHaveLength(1);

    const rows = [
      ...first.db.prepare("SELECT checkpoint AS a, metadata AS b FROM checkpoints").all(),
      ...first.db.prepare("SELECT value AS a, NULL AS b FROM writes").all(),
    ] as { a: Buffer | string; b: Buffer | string | null }[];
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      for (const cell of [row.a, row.b]) if (cell !== null) expect(leakedFields(guard, Buffer.from(cell).toString("utf8"))).toEqual([]);
    }
    // Raw pages of the database and its write-ahead log, as an attacker with the files would read them.
    for (const name of readdirSync(dir)) {
      expect(leakedFields(guard, readFileSync(join(dir, name)).toString("latin1"))).toEqual([]);
    }
  });
});
