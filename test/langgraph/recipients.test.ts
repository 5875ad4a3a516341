import { describe, expect, it } from "vitest";
import { AIMessage } from "@langchain/core/messages";
import { createRecons } from "../../src/guard.js";
import { deliveryToReaders, nodePathOf } from "../../src/langgraph/recipients.js";

const at = (namespace: string) => ({ configurable: { checkpoint_ns: namespace } });

describe("nodePathOf", () => {
  it("reads the node path from the checkpoint namespace", () => {
    expect(nodePathOf(at("worker:1f0e"), "worker")).toEqual(["worker"]);
    expect(nodePathOf(at("team:1f0e|worker:2a1b"), "worker")).toEqual(["team", "worker"]);
    expect(nodePathOf(at("team:1f0e"), "worker")).toEqual(["team", "worker"]);
    expect(nodePathOf(at("worker"), "worker")).toEqual(["worker"]);
    expect(nodePathOf(at("work:1f0e"), "worker")).toEqual(["work", "worker"]);
    expect(nodePathOf(at(""), "worker")).toEqual(["worker"]);
    expect(nodePathOf(undefined, "worker")).toEqual(["worker"]);
  });
});

describe("deliveryToReaders", () => {
  const guard = createRecons({
    secret: "test-secret-0123456789",
    vault: { ssn: "939-79-6410", patient: "Dwayne Sanchez" },
    policy: { fields: { ssn: { valueType: "format", kind: "ssn", authorized: ["a"] }, patient: { valueType: "value", kind: "name", authorized: ["a", "b"] } } },
  });

  it("stands for several readers by the one denied the most of what the content holds, messages included", () => {
    const content = { messages: [new AIMessage({ content: "Dwayne Sanchez, SSN 939-79-6410" })] };
    expect(deliveryToReaders(guard, ["a", "b"], content, "C2", "reachability")).toEqual({ recipient: "b", resolution: "reachability" });
    expect(deliveryToReaders(guard, [], content, "C2", "reachability")).toEqual({ resolution: "field-level-fallback" });
    expect(deliveryToReaders(guard, ["a"], content, "C2", "reachability")).toEqual({ recipient: "a", resolution: "reachability" });
  });
});
