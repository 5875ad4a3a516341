import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { HumanMessage } from "@langchain/core/messages";
import { MessagesAnnotation, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { PostgresStore } from "@langchain/langgraph-checkpoint-postgres/store";
import type { Item } from "@langchain/langgraph-checkpoint";
import { ReconsSerializer } from "../../src/langgraph/serializer.js";
import { ReconsStore, withRecons } from "../../src/langgraph/index.js";
import { guard, intakeNote, runAndResume, SECRET, vault } from "../helpers/checkpoint-run.js";
import { leakedFields } from "../helpers/leaks.js";
import { PostgresTestServer } from "../helpers/postgres-server.js";

/**
 * Postgres is where production checkpoints and long-term memory live: a real server on loopback,
 * LangGraph's own PostgresSaver and PostgresStore, and every row (and every file of the cluster)
 * read back the way someone with the database or its disk would read it.
 */
let server: PostgresTestServer;
const pools: pg.Pool[] = [];
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  server = await PostgresTestServer.start();
}, 60_000);

afterAll(async () => {
  for (const close of closers) await close();
  for (const pool of pools) await pool.end();
  server?.stop();
});

function poolFor(database = "postgres"): pg.Pool {
  const pool = new pg.Pool({ connectionString: server.connectionString(database), max: 4 });
  pools.push(pool);
  return pool;
}

/** Every cell of every table of a schema as text (bytea decoded as UTF-8, jsonb as JSON). */
async function rowsOf(pool: pg.Pool, schema: string): Promise<string[]> {
  const tables = await pool.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = $1", [schema]);
  const cells: string[] = [];
  for (const { table_name } of tables.rows) {
    const { rows } = await pool.query(`SELECT * FROM "${schema}"."${table_name}"`);
    for (const row of rows as Record<string, unknown>[]) {
      for (const cell of Object.values(row)) {
        if (cell === null || cell === undefined) continue;
        cells.push(Buffer.isBuffer(cell) ? cell.toString("utf8") : typeof cell === "string" ? cell : JSON.stringify(cell));
      }
    }
  }
  return cells;
}

/** Raw forms of the vault values an attacker would grep the disk for. */
const RAW_FORMS = [vault.ssn, vault.ssn.replaceAll("-", ""), vault.patient_name, "Sanchez", vault.salary, "205,902"];

function leaksIn(cells: string[]): string[] {
  return [...new Set(cells.flatMap((cell) => leakedFields(guard, cell)))].sort();
}

describe("Postgres: PostgresSaver and PostgresStore behind RECONS (real server on loopback)", () => {
  it("PostgresSaver with ReconsSerializer: no row holds a protected value; metadata filters work; a new saver with the same secret resumes", async () => {
    const pool = poolFor();
    const first = new PostgresSaver(pool, new ReconsSerializer(guard, { secret: SECRET }), { schema: "recons" });
    await first.setup();
    const reopened = new PostgresSaver(poolFor(), new ReconsSerializer(guard, { secret: SECRET }), { schema: "recons" });
    const { seen, final, metadata } = await runAndResume(first, reopened);

    expect(seen.reader).toHaveLength(1);
    expect(seen.reader[0]).toContain(intakeNote);
    expect(final.approval).toBe("approved");
    expect(final.messages.at(-1)?.content).toBe(`read ${intakeNote}`);
    expect(metadata).toMatchObject({ source: "input", step: -1, case_owner: "Dwayne Sanchez", ticket: "T-17" });
    // PostgresSaver filters metadata in SQL (jsonb containment): plain fields still match.
    const filtered = [];
    for await (const tuple of reopened.list({ configurable: { thread_id: "meta" } }, { filter: { ticket: "T-17" } })) filtered.push(tuple);
    expect(filtered).toHaveLength(1);
    const history = [];
    for await (const tuple of reopened.list({ configurable: { thread_id: "t1" } })) history.push(tuple);
    expect(history.length).toBeGreaterThan(3);

    const cells = await rowsOf(pool, "recons");
    expect(cells.length).toBeGreaterThan(20);
    expect(cells.some((cell) => cell.includes("recons:aes-256-gcm/v1:"))).toBe(true);
    expect(leaksIn(cells)).toEqual([]);
  });

  it("PostgresStore behind withRecons: the store holds only protected values, each node reads what it may see, the application's filters match", async () => {
    const inner = new PostgresStore({ connectionOptions: server.connectionString(), schema: "memory" });
    await inner.setup();
    closers.push(() => inner.stop());
    const namespace = ["patients", "records"];
    const recalled = new Map<string, Item | null>();
    const recall = (name: string) => async (_state: unknown, config: LangGraphRunnableConfig) => {
      recalled.set(name, await config.store!.get(namespace, "p1"));
      return {};
    };
    const builder = new StateGraph(MessagesAnnotation)
      .addNode("intake", async (_state, config: LangGraphRunnableConfig) => {
        await config.store!.put(namespace, "p1", { note: intakeNote, ssn: vault.ssn });
        return {};
      })
      .addNode("reader", recall("reader"))
      .addNode("marketing", recall("marketing"))
      .addEdge(START, "intake")
      .addEdge("intake", "reader")
      .addEdge("reader", "marketing");
    await withRecons(builder, guard, { finalOutput: false }).compile({ store: inner }).invoke({ messages: [new HumanMessage("Admit the patient.")] });

    const reader = JSON.stringify(recalled.get("reader")?.value);
    expect(reader).toContain(vault.ssn);
    expect(reader).toContain("$205,902");
    const marketing = JSON.stringify(recalled.get("marketing")?.value);
    expect(leakedFields(guard, marketing)).toEqual([]);
    expect(marketing).toMatch(/SSN \d{3}-\d{2}-\d{4}/);

    const application = new ReconsStore(inner, guard, { reader: "reader" });
    const found = await application.search(namespace, { filter: { ssn: vault.ssn } });
    expect(found.map((item) => item.key)).toEqual(["p1"]);
    expect(found[0].value).toEqual({ note: intakeNote, ssn: vault.ssn });

    const cells = await rowsOf(poolFor(), "memory");
    expect(cells.some((cell) => cell.includes("Patient"))).toBe(true);
    expect(leaksIn(cells)).toEqual([]);
  });

  it("the cluster's files on disk (tables, indexes, write-ahead log) hold no raw protected value", async () => {
    await poolFor().query("CHECKPOINT");
    const files = server.files();
    expect(files.length).toBeGreaterThan(100);
    const leaked = files.flatMap(({ path, bytes }) => RAW_FORMS.filter((form) => bytes.includes(form)).map((form) => `${form} in ${path}`));
    expect(leaked).toEqual([]);
  });

  it("the same run on LangGraph's default serializer leaves the values in rows and on disk (the check above can fail)", async () => {
    const pool = poolFor();
    const plain = new PostgresSaver(pool, undefined, { schema: "plain" });
    await plain.setup();
    await runAndResume(plain, plain);
    expect(leaksIn(await rowsOf(pool, "plain"))).toEqual(["patient_name", "salary", "ssn"]);
    await pool.query("CHECKPOINT");
    expect(server.files().some(({ bytes }) => bytes.includes(vault.ssn))).toBe(true);
  });
});
