import { describe, expect, it } from "vitest";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Annotation, START, StateGraph } from "@langchain/langgraph";
import { createRecons } from "../../src/guard.js";
import { ReconsAudit, reconsReducer, withRecons } from "../../src/langgraph/index.js";
import { nodePathOf } from "../../src/langgraph/recipients.js";
import { expectProtected, guardOptions, Recorder, VAULT, type Authorizations } from "./fixtures.js";

const AUTHORIZED: Authorizations = { ssn: ["billing"], email: ["archivist"], patient_name: ["billing", "archivist"] };

function guardWithPrivateEmail() {
  const options = guardOptions(AUTHORIZED);
  // Only the archivist may read the email: a shared-memory write cannot release it at field level.
  return createRecons({ ...options, policy: { fields: { ...options.policy.fields, email: { ...options.policy.fields.email, releasable: false } } } });
}

describe("reconsReducer", () => {
  it("protects shared-memory writes before they land; authorized readers get the real value back", async () => {
    const guard = guardWithPrivateEmail();
    const audit = new ReconsAudit();
    const append = (left: string[], right: string | string[]) => left.concat(right);
    const Memory = Annotation.Root({
      memory: Annotation<string[], string | string[]>({ reducer: reconsReducer(append, guard, { onDecision: audit.record }), default: () => [] }),
    });
    const recorder = new Recorder();
    const reader = (name: string) => (state: typeof Memory.State, config: RunnableConfig) => {
      recorder.record(nodePathOf(config, name).join("/"), state);
      return {};
    };
    const builder = new StateGraph(Memory)
      .addNode("writer", () => ({ memory: `Contact ${VAULT.patient_name} at ${VAULT.email}, SSN ${VAULT.ssn}` }))
      .addNode("billing", reader("billing"))
      .addNode("archivist", reader("archivist"))
      .addEdge(START, "writer")
      .addEdge("writer", "billing")
      .addEdge("billing", "archivist");
    const graph = withRecons(builder, guard, { memoryKeys: ["memory"], finalOutput: false, audit }).compile();
    const stored = (await graph.invoke({})).memory.join("\n");
    // A shared write has no single reader: every protected value is stored in reversible form.
    for (const value of Object.values(VAULT)) expect(stored).not.toContain(value);
    const writes = audit.decisions.filter((d) => d.stage === "reducer");
    expect(writes.find((d) => d.field === "email")).toMatchObject({ channel: "C5", resolution: "memory-write", recipient: null });
    expect(writes.find((d) => d.field === "email")?.action).not.toBe("allow");
    // The node boundary leaves reducer-protected keys to the reducer (no second transformation).
    expect(audit.decisions.filter((d) => d.stage === "write")).toEqual([]);
    expectProtected(recorder, AUTHORIZED, { archivist: ["email", "patient_name"], billing: ["ssn"] });
  });

  it("fails closed when the guard throws inside a reducer", () => {
    const guard = guardWithPrivateEmail();
    const broken = Object.assign(Object.create(guard) as typeof guard, {
      sanitizeSync: () => {
        throw new Error("reducer guard down");
      },
    });
    const audit = new ReconsAudit();
    const reduce = reconsReducer((left: string[], right: string) => [...left, right], broken, { onDecision: audit.record });
    expect(reduce([], `SSN ${VAULT.ssn}`)).toEqual(["[REDACTED:recons-error]"]);
    expect(audit.decisions[0]).toMatchObject({ stage: "reducer", error: "reducer guard down", action: "redact" });
  });
});
