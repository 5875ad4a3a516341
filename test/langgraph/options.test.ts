import { MessagesAnnotation, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createRecons } from "../../src/guard.js";
import { ReconsConfigError } from "../../src/policy/options.js";
import { protectTool, ReconsStore, reconsMiddleware, reconsReducer, withRecons } from "../../src/langgraph/index.js";
import { coordinatorWorker, hierarchical, peerToPeer } from "../../src/topologies/index.js";
import { InMemoryStore } from "@langchain/langgraph";
import { tool } from "@langchain/core/tools";
import { z } from "zod";

const guard = createRecons({ secret: "options-test", vault: { ssn: "939-79-6410" }, policy: { fields: { ssn: { authorized: ["intake"] } } } });
const graph = () => new StateGraph(MessagesAnnotation).addNode("intake", () => ({})).addEdge("__start__", "intake");
const lookup = tool(async () => "ok", { name: "lookup", schema: z.object({ id: z.string() }) });

describe("integration options: a misspelled key or a bad value is an error naming it, never a silently unprotected graph", () => {
  it("withRecons", () => {
    expect(() => withRecons(graph(), guard, { mesageKeys: ["messages"] } as never)).toThrow(/Invalid withRecons options:\n {2}\(root\): Unrecognized key: "mesageKeys"/);
    expect(() => withRecons(graph(), guard, { writes: "reach" } as never)).toThrow(ReconsConfigError);
    expect(() => withRecons(graph(), guard, { writes: "reach" } as never)).toThrow(/ {2}writes: /);
    expect(() => withRecons(graph(), {} as never)).toThrow(/withRecons\(graph, guard\): the guard must be what createRecons\(\) returns/);
  });

  it("the other wrappers", () => {
    expect(() => protectTool(lookup, guard, { calller: "intake" } as never)).toThrow(/Unrecognized key: "calller"/);
    expect(() => protectTool(lookup, undefined as never)).toThrow(/protectTool\(tool, guard\)/);
    expect(() => reconsMiddleware(guard, { modelName: "x" } as never)).toThrow(/Invalid reconsMiddleware options/);
    expect(() => reconsReducer((a: string[], b: string[]) => [...a, ...b], guard, { chanel: "C5" } as never)).toThrow(/Unrecognized key: "chanel"/);
    expect(() => new ReconsStore(new InMemoryStore(), guard, { reeder: "intake" } as never)).toThrow(/Unrecognized key: "reeder"/);
  });

  it("the topology templates (a misspelled `guard` would run the team unprotected)", () => {
    expect(() => coordinatorWorker({ workers: 2, gaurd: guard } as never)).toThrow(/Invalid team graph options:\n {2}\(root\): Unrecognized key: "gaurd"/);
    expect(() => peerToPeer({ peers: 3, horizn: 2 } as never)).toThrow(/Unrecognized key: "horizn"/);
    expect(() => hierarchical({ subCoordinators: 2, workersPerSub: 2, roots: "boss" } as never)).toThrow(/Unrecognized key: "roots"/);
    expect(() => coordinatorWorker({ workers: 0 })).toThrow(/Invalid coordinator-worker options:\n {2}workers: /);
  });
});
