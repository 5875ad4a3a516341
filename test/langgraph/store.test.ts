import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { InMemoryStore, type Item } from "@langchain/langgraph-checkpoint";
import { MessagesAnnotation, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ReconsAudit, ReconsStore, withRecons } from "../../src/langgraph/index.js";
import type { ReconsGuard } from "../../src/guard.js";
import { detectedFields, makeGuard, RECORD_TEXT, VAULT, type Authorizations } from "./fixtures.js";

const AUTHORIZED: Authorizations = { ssn: ["intake", "billing"], patient_name: ["intake"], diagnosis: ["intake"], email: ["intake"] };
const NAMESPACE = ["patients", "records"];

/** intake remembers the record; billing and marketing recall it from the store, each for itself. */
function memoryGraph(store: InMemoryStore, guard: ReconsGuard, audit: ReconsAudit, recalled: Map<string, Item | null>) {
  const recall = (name: string) => async (_state: typeof MessagesAnnotation.State, config: LangGraphRunnableConfig) => {
    recalled.set(name, await config.store!.get(NAMESPACE, "p1"));
    return {};
  };
  const builder = new StateGraph(MessagesAnnotation)
    .addNode("intake", async (_state, config: LangGraphRunnableConfig) => {
      await config.store!.put(NAMESPACE, "p1", { note: RECORD_TEXT, ssn: VAULT.ssn });
      return {};
    })
    .addNode("billing", recall("billing"))
    .addNode("marketing", recall("marketing"))
    .addEdge(START, "intake")
    .addEdge("intake", "billing")
    .addEdge("billing", "marketing");
  return withRecons(builder, guard, { finalOutput: false, audit }).compile({ store });
}

function textOf(value: unknown): string {
  return JSON.stringify(value);
}

describe("ReconsStore (LangGraph long-term memory as C5)", () => {
  it("withRecons gives every node its own view: the store holds only protected values, each reader gets what it may see", async () => {
    const guard = makeGuard(AUTHORIZED);
    const inner = new InMemoryStore();
    const audit = new ReconsAudit();
    const recalled = new Map<string, Item | null>();
    await memoryGraph(inner, guard, audit, recalled).invoke({ messages: [new HumanMessage("Admit the patient.")] });

    const held = await inner.get(NAMESPACE, "p1");
    expect(held).not.toBeNull();
    for (const value of Object.values(VAULT)) expect(textOf(held!.value)).not.toContain(value);

    const billing = textOf(recalled.get("billing")!.value);
    expect(billing).toContain(VAULT.ssn);
    expect(detectedFields(AUTHORIZED, billing)).toEqual(new Set(["ssn"]));
    const marketing = textOf(recalled.get("marketing")!.value);
    expect(marketing).toMatch(/Patient [^,]+, SSN \d{3}-\d{2}-\d{4}/);
    expect(detectedFields(AUTHORIZED, marketing)).toEqual(new Set());

    const decisions = audit.decisions;
    expect(decisions.some((d) => d.resolution === "memory-write" && d.node === "intake" && d.recipient === null)).toBe(true);
    expect(decisions.some((d) => d.resolution === "memory-read" && d.recipient === "billing" && d.field === "ssn" && d.action === "allow")).toBe(true);
    expect(decisions.some((d) => d.resolution === "memory-read" && d.recipient === "marketing" && d.field === "ssn" && d.action !== "allow")).toBe(true);
  });

  it("the application's view reads as `user`; search filters match what was stored", async () => {
    const guard = makeGuard({ ...AUTHORIZED, ssn: ["intake", "user"] });
    const store = new ReconsStore(new InMemoryStore(), guard);
    await store.put(NAMESPACE, "p1", { note: RECORD_TEXT, ssn: VAULT.ssn });
    await store.put(NAMESPACE, "p2", { note: "Another patient.", ssn: "219-09-9999" });
    const found = await store.search(NAMESPACE, { filter: { ssn: VAULT.ssn } });
    expect(found.map((item) => item.key)).toEqual(["p1"]);
    const view = textOf(found[0].value);
    expect(view).toContain(VAULT.ssn);
    for (const value of [VAULT.patient_name, VAULT.email, VAULT.diagnosis]) expect(view).not.toContain(value);
    await store.delete(NAMESPACE, "p1");
    expect(await store.get(NAMESPACE, "p1")).toBeNull();
    expect(await store.listNamespaces()).toEqual([NAMESPACE]);
  });
});
