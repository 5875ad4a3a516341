import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { createRecons } from "../../src/guard.js";
import { ignoreDecisions } from "../../src/langgraph/audit.js";
import { deliver, deliverMaybeSync, type DeliveryEvent } from "../../src/langgraph/delivery.js";

const SSN = "939-79-6410";
const options = { secret: "delivery-test", vault: { ssn: SSN }, policy: { fields: { ssn: { valueType: "format", kind: "ssn", authorized: ["intake"] } } } } as const;
const event: DeliveryEvent = { node: "scheduler", stage: "input", reversible: false, channel: "C2", recipient: "scheduler", resolution: "node-input" };
const state = () => ({ messages: [new HumanMessage({ id: "h", content: `SSN ${SSN} on file.` })] });

describe("deliverMaybeSync", () => {
  it("delivers at once, as deliver does, where the guard's sync path decides alone", async () => {
    const guard = createRecons(options);
    const value = state();
    const delivered = deliverMaybeSync(guard, value, event, ignoreDecisions);
    expect(delivered).not.toBeInstanceOf(Promise);
    expect(delivered).toEqual(await deliver(guard, value, event, ignoreDecisions));
    expect(JSON.stringify(delivered)).not.toContain(SSN);
  });

  it("goes through a sanitize that a wrapper put in place of the guard's own", async () => {
    const guard = createRecons(options);
    const wrapped = Object.create(guard, { sanitize: { value: async () => ({ content: "wrapped", decisions: [] }) } }) as typeof guard;
    const delivered = deliverMaybeSync(wrapped, "SSN on file", event, ignoreDecisions);
    expect(delivered).toBeInstanceOf(Promise);
    expect(await delivered).toBe("wrapped");
  });

  it("waits for the async path where an LLM tier (a judge) takes part", async () => {
    const judged = createRecons({ ...options, judge: { threshold: 0.5, score: async () => ({ score: 0.1, disclosed: false, promptHash: "h" }) } });
    const delivered = deliverMaybeSync(judged, state(), event, ignoreDecisions);
    expect(delivered).toBeInstanceOf(Promise);
    expect(JSON.stringify(await delivered)).not.toContain(SSN);
  });
});
