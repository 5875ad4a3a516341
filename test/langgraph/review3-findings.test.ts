/**
 * Third review (state history, interrupts/resume, config/context, checkpoints, unusual value
 * shapes, decisions). Every test here FAILS on the reviewed code: each pins one confirmed finding.
 * Scratch repros: bench/_rv3_*.ts.
 */
import { inspect, formatWithOptions } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Annotation, Command, END, entrypoint, interrupt, MemorySaver, START, StateGraph, task, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { createRecons } from "../../src/guard.js";
import { ReconsAudit, withRecons } from "../../src/langgraph/index.js";
import { makeGuard, VAULT } from "./fixtures.js";
import { Client } from "langsmith";
import { reconsTracing } from "../../src/langsmith/index.js";
import { LangSmithRecordingServer } from "../helpers/langsmith-server.js";

const SSN = VAULT.ssn;

/** Everything in a value as text, Map/Set entries, Dates, typed arrays and bigints included. */
function deepText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Map) return { map: [...item] };
    if (item instanceof Set) return { set: [...item] };
    if (ArrayBuffer.isView(item)) return { bytes: Buffer.from(item.buffer, item.byteOffset, item.byteLength).toString("latin1") };
    if (typeof item === "bigint") return `${item}`;
    return item;
  });
}

/** `writer` (authorized for the SSN) puts `value` in state; `reader` (not authorized) reads it. */
async function deliveredShape(value: () => unknown, guard = makeGuard({ ssn: ["writer"] })) {
  const State = Annotation.Root({ data: Annotation<unknown>(), note: Annotation<string>() });
  let readerSaw: unknown;
  const builder = new StateGraph(State)
    .addNode("writer", async () => ({ data: value() }))
    .addNode("reader", async (state) => {
      readerSaw = state.data;
      return {};
    })
    .addEdge(START, "writer")
    .addEdge("writer", "reader")
    .addEdge("reader", END);
  const output = await withRecons(builder, guard).compile().invoke({ note: "go" });
  return { reader: deepText(readerSaw), user: deepText(output) };
}

describe("review 3: value shapes the walker does not enter", () => {
  it("a Map, a Set, a Date, a Buffer and a bigint in state do not reach an unauthorized node or the caller with the real value", async () => {
    const dobGuard = createRecons({
      secret: "review3",
      vault: { ssn: SSN, date_of_birth: "1957-07-28" },
      policy: { fields: { ssn: { kind: "ssn", authorized: ["writer"] }, date_of_birth: { kind: "date", authorized: ["writer"] } } },
    });
    const { reader, user } = await deliveredShape(
      () => ({ byKey: new Map([["ssn", SSN]]), ids: new Set([SSN]), dob: new Date("1957-07-28T00:00:00Z"), raw: Buffer.from(SSN), big: 123456789n }),
      dobGuard,
    );
    for (const [who, text] of [["reader", reader], ["user", user]]) {
      expect(text, `${who}: Map/Set/Buffer`).not.toContain(SSN);
      expect(text, `${who}: bigint`).not.toContain("123456789");
      expect(text, `${who}: Date`).not.toContain("1957-07-28");
    }
  });
});

describe("review 3: detection of compatibility and invisible forms", () => {
  it("full-width digits and letters (NFKC forms, as CJK input methods type them) are detected", () => {
    const guard = makeGuard({});
    const forms = ["SSN １２３-４５-６７８９", "SSN １２３－４５－６７８９", "Patient Ｍａｒｉａ Ｇｏｎｚａｌｅｚ", "ｍａｒｉａ.ｇｏｎｚａｌｅｚ@example.com"];
    for (const text of forms) {
      const { content } = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" });
      expect(content, text).not.toBe(text);
    }
  });

  it("zero-width characters inside a value (between its digits or letters) do not hide it", () => {
    const guard = makeGuard({});
    const forms = ["SSN 1\u200b2\u200b3-45-6789", "SSN 123\u200c45\u200c6789", "Patient Ma\u200bria Gonza\u200blez", "SSN 12\u20603-45-67\u206089"];
    for (const text of forms) {
      const { content } = guard.sanitizeSync({ channel: "C2", content: text, recipient: "clerk" });
      expect(content, JSON.stringify(text)).not.toBe(text);
    }
  });

  it("a registered date written as an ISO 8601 date-time (JSON of a Date, Python isoformat) is detected", async () => {
    const guard = createRecons({
      secret: "review3",
      vault: { date_of_birth: "1957-07-28" },
      policy: { fields: { date_of_birth: { kind: "date", authorized: ["intake"] } } },
    });
    const State = Annotation.Root({ note: Annotation<string>() });
    let clerkSaw = "";
    const builder = new StateGraph(State)
      .addNode("intake", async () => ({ note: `lookup result: {"dob":"1957-07-28T00:00:00.000Z"}` }))
      .addNode("clerk", async (state) => {
        clerkSaw = state.note;
        return {};
      })
      .addEdge(START, "intake")
      .addEdge("intake", "clerk")
      .addEdge("clerk", END);
    const server = await new LangSmithRecordingServer("multipart").start();
    try {
      const tracing = reconsTracing(guard, { client: new Client({ apiUrl: server.url, apiKey: "dummy-key" }), projectName: "review3", protectDefaultClients: false });
      const graph = withRecons(builder, guard, { onDecision: tracing.onDecision }).compile();
      const output = (await graph.invoke({ note: "" }, { callbacks: tracing.callbacks })) as { note: string };
      await tracing.flush();
      expect(clerkSaw).not.toContain("1957-07-28");
      expect(output.note).not.toContain("1957-07-28");
      // LangSmith: neither the sanitizer nor the byte-level backstop sees it.
      expect(server.receivedText()).not.toContain("1957-07-28");
    } finally {
      await server.stop();
    }
  });
});

describe("review 3: values the caller hands to nodes outside the state", () => {
  it("a Command({ resume }) value reaches an unauthorized node protected, like the same value given as input", async () => {
    const State = Annotation.Root({ note: Annotation<string>() });
    let clerkGot: unknown;
    let clerkInput = "";
    const builder = new StateGraph(State)
      .addNode("clerk", async (state) => {
        clerkInput = state.note;
        clerkGot = interrupt("Which customer?");
        return {};
      })
      .addEdge(START, "clerk")
      .addEdge("clerk", END);
    const graph = withRecons(builder, makeGuard({ ssn: ["intake"] })).compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "resume" } };
    await graph.invoke({ note: `customer ${SSN}` }, config);
    expect(clerkInput).not.toContain(SSN); // the input path is protected
    await graph.invoke(new Command({ resume: `customer ${SSN}` }), config);
    expect(String(clerkGot)).toContain("customer");
    expect(String(clerkGot)).not.toContain(SSN);
  });

  it("runtime context (invoke's `context`, LangGraph 1.x) reaches an unauthorized node protected", async () => {
    const State = Annotation.Root({ note: Annotation<string>() });
    let clerkContext: unknown;
    const builder = new StateGraph(State, z.object({ customer_ssn: z.string() }))
      .addNode("clerk", async (_state, config: LangGraphRunnableConfig) => {
        clerkContext = (config as { context?: unknown }).context;
        return {};
      })
      .addEdge(START, "clerk")
      .addEdge("clerk", END);
    const graph = withRecons(builder, makeGuard({ ssn: ["intake"] })).compile();
    await graph.invoke({ note: "go" }, { context: { customer_ssn: SSN } } as Parameters<typeof graph.invoke>[1]);
    expect(deepText(clerkContext)).not.toContain(SSN);
  });
});

/** clerk (not authorized for the SSN) routes on a state holding it: `read` is its routing function's body. */
async function routeOnState(read: (state: { note: string; items: string[] }) => void) {
  const State = Annotation.Root({ note: Annotation<string>(), items: Annotation<string[]>() });
  const builder = new StateGraph(State)
    .addNode("clerk", async () => ({}))
    .addNode("done", async () => ({}))
    .addConditionalEdges(
      "clerk",
      (state) => {
        read(state);
        return "done";
      },
      ["done"],
    )
    .addEdge(START, "clerk")
    .addEdge("done", END);
  await withRecons(builder, makeGuard({ ssn: ["intake"] })).compile().invoke({ note: `SSN ${SSN}`, items: ["first", `ssn ${SSN}`] });
}

describe("review 3: conditional edges", () => {
  it("a routing function reads the state as its source node does, not the raw values the node itself does not get", async () => {
    const State = Annotation.Root({ note: Annotation<string>() });
    const seen: Record<string, string> = {};
    const builder = new StateGraph(State)
      .addNode("clerk", async (state) => {
        seen.clerk = state.note;
        return {};
      })
      .addNode("done", async () => ({}))
      // e.g. an LLM classifier choosing the next step from the state
      .addConditionalEdges(
        "clerk",
        async (state) => {
          seen.router = state.note;
          return "done";
        },
        ["done"],
      )
      .addEdge(START, "clerk")
      .addEdge("done", END);
    await withRecons(builder, makeGuard({ ssn: ["intake"] })).compile().invoke({ note: `SSN ${SSN}` });
    expect(seen.clerk).not.toContain(SSN);
    expect(seen.router).not.toContain(SSN);
  });

  it("a routing function's state, read lazily, never shows a raw value however it is read (get, at, spread, entries, descriptors, JSON, structuredClone)", async () => {
    const reads: string[] = [];
    await routeOnState((state) => {
      reads.push(String(state.items.length), String(state.items.at(-1)), JSON.stringify(state), JSON.stringify({ ...state }));
      reads.push(JSON.stringify(Object.entries(state)), JSON.stringify([...state.items]), String(Object.getOwnPropertyDescriptor(state, "note")?.value));
      reads.push(String(Object.getOwnPropertyDescriptor(state.items, "0")?.value), state.items.map((item) => item.toUpperCase()).join());
      // structuredClone refuses a Proxy: the view is an ordinary object.
      reads.push(JSON.stringify(structuredClone(state)));
    });
    expect(reads[0]).toBe("2");
    expect(reads.join("\n")).toContain("SSN ");
    expect(reads.join("\n")).not.toContain(SSN);
  });
});

describe("lazy views past their traps", () => {
  it("a routing function that logs its state (console.log, util.inspect look past a proxy's traps) shows no raw value", async () => {
    const shown: string[] = [];
    await routeOnState((state) => {
      shown.push(inspect(state, { depth: 5 }), formatWithOptions({}, "%o", state.items));
      shown.push(state.items.at(-1)!, inspect(state, { depth: 5 }));
    });
    expect(shown.join("\n")).not.toContain(SSN);
    // What was read is shown as delivered.
    expect(shown[3]).toContain(shown[2]);
    expect(shown[2]).toMatch(/^ssn /);
  });
});

describe("review 3: the caller boundary", () => {
  it("a caller cannot switch off final-output protection with configurable checkpoint_ns + __recons_protected_parent", async () => {
    const State = Annotation.Root({ note: Annotation<string>() });
    const builder = new StateGraph(State)
      .addNode("intake", async () => new Command({ goto: "doctor", update: { note: `ssn ${SSN}` } }), { ends: ["doctor"] })
      .addNode("doctor", async () => ({}))
      .addEdge(START, "intake")
      .addEdge("doctor", END);
    const graph = withRecons(builder, makeGuard({ ssn: ["intake", "doctor"] })).compile();
    const normal = await graph.invoke({ note: "x" });
    expect(deepText(normal)).not.toContain(SSN);
    const forged = await graph.invoke({ note: "x" }, { configurable: { checkpoint_ns: "x", __recons_protected_parent: true } });
    expect(deepText(forged)).not.toContain(SSN);
    let streamed = "";
    for await (const chunk of await graph.stream({ note: "x" }, { configurable: { checkpoint_ns: "x", __recons_protected_parent: true }, streamMode: "values" })) streamed += deepText(chunk);
    expect(streamed).not.toContain(SSN);
  });

  it("a protected graph run inside a protected node is nested: the node gets it as stored, not the caller's view of it", async () => {
    const State = Annotation.Root({ note: Annotation<string>() });
    // The caller may see the SSN; the node that runs the subgraph may not.
    const guard = makeGuard({ ssn: ["user", "lookup"] });
    const sub = withRecons(new StateGraph(State).addNode("lookup", async () => ({ note: `SSN ${SSN}` })).addEdge(START, "lookup"), guard).compile();
    let doctorGot = "";
    const parent = new StateGraph(State)
      .addNode("doctor", async () => {
        doctorGot = (await sub.invoke({ note: "find the SSN" })).note;
        return {};
      })
      .addEdge(START, "doctor");
    const callerGot = await withRecons(parent, guard).compile().invoke({ note: "x" });
    expect(doctorGot).toMatch(/^SSN /);
    expect(doctorGot).not.toContain(SSN);
    expect(deepText(callerGot)).not.toContain(SSN);
    // Run at the top, the same subgraph answers its caller with the real value.
    expect((await sub.invoke({ note: "find the SSN" })).note).toBe(`SSN ${SSN}`);
  });

  it("getState keeps the thread address: resuming from snapshot.config continues the same thread (thread_id holding an email)", async () => {
    const State = Annotation.Root({ note: Annotation<string>() });
    const builder = new StateGraph(State)
      .addNode("approve", async () => ({ note: String(interrupt("approve?")) }))
      .addEdge(START, "approve")
      .addEdge("approve", END);
    const graph = withRecons(builder, makeGuard({})).compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: `patient-${VAULT.email}` } };
    await graph.invoke({ note: "x" }, config);
    const snapshot = await graph.getState(config);
    expect(snapshot.next).toEqual(["approve"]);
    await graph.invoke(new Command({ resume: "yes" }), snapshot.config);
    // The run resumed from the snapshot's config is the caller's own thread, now finished.
    expect((await graph.getState(config)).next).toEqual([]);
  });
});

describe("review 3: Command updates as [key, value] tuples", () => {
  it("a repeated key keeps every value (LangGraph applies each tuple in turn)", async () => {
    const State = Annotation.Root({ items: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
    const build = () =>
      new StateGraph(State)
        .addNode("a", async () => new Command({ update: [["items", "first"], ["items", "second"]] as unknown as Record<string, unknown>, goto: "b" }), { ends: ["b"] })
        .addNode("b", async () => ({}))
        .addEdge(START, "a")
        .addEdge("b", END);
    expect(await build().compile().invoke({ items: [] })).toEqual({ items: ["first", "second"] });
    expect(await withRecons(build(), makeGuard({ ssn: ["a"] })).compile().invoke({ items: [] })).toEqual({ items: ["first", "second"] });
  });
});

describe("review 3: decisions", () => {
  it("a decision's JSON path does not hold a protected value used as an object key (onDecision, ReconsAudit)", async () => {
    const State = Annotation.Root({ accounts: Annotation<Record<string, unknown>>() });
    const audit = new ReconsAudit();
    const builder = new StateGraph(State)
      .addNode("intake", async () => ({ accounts: { [SSN]: { owner: VAULT.patient_name }, [VAULT.email]: "active" } }))
      .addNode("clerk", async () => ({}))
      .addEdge(START, "intake")
      .addEdge("intake", "clerk")
      .addEdge("clerk", END);
    const output = await withRecons(builder, makeGuard({ ssn: ["intake"], email: ["intake"], patient_name: ["intake"] }), { audit }).compile().invoke({ accounts: {} });
    expect(deepText(output)).not.toContain(SSN); // the keys themselves are protected
    const decisions = JSON.stringify(audit.decisions);
    expect(audit.decisions.length).toBeGreaterThan(0);
    expect(decisions).not.toContain(SSN);
    expect(decisions).not.toContain(VAULT.email);
  });
});

describe("review 3: functional API", () => {
  it("withRecons on an entrypoint either refuses it or keeps a task's raw value from another task it may not see", async () => {
    const guard = makeGuard({ ssn: ["lookup"] });
    let clerkSaw = "";
    const lookup = task("lookup", async () => `SSN ${SSN}`);
    const clerk = task("clerk", async (text: string) => {
      clerkSaw = text;
      return "ok";
    });
    const workflow = entrypoint({ name: "workflow", checkpointer: new MemorySaver() }, async () => {
      await clerk(await lookup());
      return "done";
    });
    let refused = false;
    try {
      const protectedWorkflow = withRecons(workflow, guard);
      await protectedWorkflow.invoke("go", { configurable: { thread_id: "functional" } });
    } catch {
      refused = true;
    }
    if (!refused) expect(clerkSaw).not.toContain(SSN);
  });
});
