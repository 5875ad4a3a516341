import { describe, expect, it } from "vitest";
import { AIMessage, HumanMessage, RemoveMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import {
  Annotation,
  Command,
  interrupt,
  MemorySaver,
  MessagesAnnotation,
  Overwrite,
  ParentCommand,
  START,
  StateGraph,
} from "@langchain/langgraph";
import { FAILURE_PLACEHOLDER, ReconsAudit, withRecons } from "../../src/langgraph/index.js";
import { nodePathOf } from "../../src/langgraph/recipients.js";
import type { ReconsGuard } from "../../src/guard.js";
import { expectProtected, makeGuard, RECORD_TEXT, Recorder, stringsIn, VAULT, type Authorizations } from "./fixtures.js";

const AUTHORIZED: Authorizations = { ssn: ["billing"], patient_name: ["doctor", "billing"], diagnosis: ["doctor"], email: [] };

type Update = typeof MessagesAnnotation.Update;

function recording(recorder: Recorder, name: string, output: (state: typeof MessagesAnnotation.State) => Update = () => ({})) {
  return (state: typeof MessagesAnnotation.State, config: RunnableConfig) => {
    recorder.record(nodePathOf(config, name).join("/"), state);
    return output(state);
  };
}

/** A guard whose async path throws for one recipient, everything else real. */
function failingFor(guard: ReconsGuard, recipient: string): ReconsGuard {
  return new Proxy(guard, {
    get(target, property) {
      if (property === "sanitize") {
        return async (event: Parameters<ReconsGuard["sanitize"]>[0], options: Parameters<ReconsGuard["sanitize"]>[1]) => {
          // The message quotes what the guard was given, as a careless plug-in's would.
          if (event.recipient === recipient) throw new Error(`detector crashed on ${JSON.stringify(event.content)}`);
          return target.sanitize(event, options);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("withRecons", () => {
  it("refuses a second guard for a graph it protects in place, which the nodes would have ignored (round 14 walkthrough)", () => {
    const build = () => new StateGraph(MessagesAnnotation).addNode("doctor", () => ({})).addEdge(START, "doctor");
    const [first, second] = [makeGuard(AUTHORIZED), makeGuard(AUTHORIZED)];
    const builder = build();
    expect(withRecons(builder, first)).toBe(builder);
    expect(withRecons(builder, first)).toBe(builder);
    expect(() => withRecons(builder, second)).toThrow(/already protected by another guard.*guard\.vault\.add/);
    const compiled = builder.compile();
    expect(() => withRecons(compiled, second)).toThrow(/already protected by another guard/);
    expect(() => withRecons(build().compile(), second)).not.toThrow();
  });

  it("refuses a node named as the caller, which would receive what the policy grants the caller (round 14 walkthrough)", () => {
    const build = () => new StateGraph(MessagesAnnotation).addNode("user", () => ({})).addEdge(START, "user");
    expect(() => withRecons(build(), makeGuard(AUTHORIZED))).toThrow(/a node is named "user", the caller's recipient name/);
    expect(() => withRecons(build(), makeGuard(AUTHORIZED), { user: "caller" })).not.toThrow();
  });

  it("fails closed: a node whose input sanitization throws receives redacted input", async () => {
    const recorder = new Recorder();
    const audit = new ReconsAudit();
    const builder = new StateGraph(MessagesAnnotation)
      .addNode("doctor", recording(recorder, "doctor"))
      .addEdge(START, "doctor");
    const graph = withRecons(builder, failingFor(makeGuard(AUTHORIZED), "doctor"), { audit, finalOutput: false }).compile();
    await graph.invoke({ messages: [new HumanMessage({ content: RECORD_TEXT, id: "h1" })] });
    const [received] = recorder.received;
    const message = (received.input as typeof MessagesAnnotation.State).messages[0];
    expect(message).toBeInstanceOf(HumanMessage);
    expect(message.id).toBe("h1");
    expect(message.content).toBe(FAILURE_PLACEHOLDER);
    expectProtected(recorder, {});
    const failure = audit.decisions.find((d) => d.fallback === "recons-error");
    expect(failure).toMatchObject({ node: "doctor", stage: "input", recipient: "doctor", resolution: "node-input" });
    expect(failure!.error).toMatch(/^detector crashed on /);
    for (const text of [failure!.error!, failure!.reason]) for (const value of Object.values(VAULT)) expect(text).not.toContain(value);
  });

  it("fails closed in a routing function too: a guard whose sanitize is wrapped is called, not bypassed by the sync path", async () => {
    const read: string[] = [];
    const builder = new StateGraph(MessagesAnnotation)
      .addNode("doctor", () => ({}))
      .addNode("billing", () => ({}))
      .addEdge(START, "doctor")
      .addConditionalEdges("doctor", (state) => {
        read.push(String(state.messages[0].content));
        return "billing";
      });
    const graph = withRecons(builder, failingFor(makeGuard(AUTHORIZED), "doctor"), { finalOutput: false }).compile();
    await graph.invoke({ messages: [new HumanMessage({ content: RECORD_TEXT, id: "h1" })] });
    expect(read).toEqual([FAILURE_PLACEHOLDER]);
  });

  it("protects a compiled graph: nodes, stream chunks and getState for the caller", async () => {
    const recorder = new Recorder();
    const compiled = new StateGraph(MessagesAnnotation)
      .addNode("intake", recording(recorder, "intake", () => ({ messages: [new AIMessage(`Noted SSN ${VAULT.ssn}`)] })))
      .addEdge(START, "intake")
      .compile({ checkpointer: new MemorySaver() });
    const graph = withRecons(compiled, makeGuard(AUTHORIZED));
    expect(graph).toBe(compiled);
    const config = { configurable: { thread_id: "t1" } };
    const chunks: unknown[] = [];
    for await (const chunk of await graph.stream({ messages: [new HumanMessage(RECORD_TEXT)] }, { ...config, streamMode: "updates" })) {
      chunks.push(chunk);
    }
    expectProtected(recorder, AUTHORIZED);
    const streamed = stringsIn(chunks).join("\n");
    expect(streamed).toContain("Noted SSN");
    expect(streamed).not.toContain(VAULT.ssn);
    const state = stringsIn(await graph.getState(config)).join("\n");
    expect(state).toContain("Patient");
    for (const value of Object.values(VAULT)) expect(state).not.toContain(value);
    const history: unknown[] = [];
    for await (const snapshot of graph.getStateHistory(config)) history.push(snapshot);
    expect(history.length).toBeGreaterThan(1);
    const past = stringsIn(history).join("\n");
    for (const value of Object.values(VAULT)) expect(past).not.toContain(value);
  });

  it("a protected team invoked from inside an unprotected graph's node answers it as its caller (user)", async () => {
    // The update goes to billing, which may see the SSN: state holds it for real after that write.
    const team = withRecons(
      new StateGraph(MessagesAnnotation)
        .addNode("intake", () => new Command({ goto: "billing", update: { messages: [new AIMessage(`Billing SSN ${VAULT.ssn} on file`)] } }), {
          ends: ["billing"],
        })
        .addNode("billing", () => ({}))
        .addEdge(START, "intake"),
      makeGuard(AUTHORIZED),
    ).compile();
    let answer: unknown;
    const outer = new StateGraph(MessagesAnnotation)
      .addNode("caller", async (state: typeof MessagesAnnotation.State) => {
        answer = await team.invoke({ messages: state.messages });
        return {};
      })
      .addEdge(START, "caller")
      .compile();
    await outer.invoke({ messages: [new HumanMessage("Who is billed?")] });
    const text = stringsIn(answer).join("\n");
    expect(text).toContain("Billing SSN");
    expect(text).not.toContain(VAULT.ssn);
  });

  it("sanitizes streamEvents for the caller: callback events carry every node's input", async () => {
    const compiled = new StateGraph(MessagesAnnotation)
      .addNode("intake", () => ({ messages: [new AIMessage(`Noted SSN ${VAULT.ssn}`)] }))
      .addEdge(START, "intake")
      .compile();
    const plainEvents: unknown[] = [];
    for await (const event of compiled.streamEvents({ messages: [new HumanMessage(RECORD_TEXT)] }, { version: "v2" })) plainEvents.push(event);
    expect(stringsIn(plainEvents).join("\n")).toContain(VAULT.ssn); // the leak being closed
    const graph = withRecons(compiled, makeGuard(AUTHORIZED));
    const events: unknown[] = [];
    for await (const event of graph.streamEvents({ messages: [new HumanMessage(RECORD_TEXT)] }, { version: "v2" })) events.push(event);
    expect(events.length).toBeGreaterThan(2);
    const text = stringsIn(events).join("\n");
    expect(text).toContain("Noted SSN");
    for (const value of Object.values(VAULT)) expect(text).not.toContain(value);
  });

  it("keeps message classes, ids, tool calls, array content; RemoveMessage and Overwrite still work", async () => {
    const recorder = new Recorder();
    const builder = new StateGraph(MessagesAnnotation)
      .addNode("agent", () => ({
        messages: [
          new AIMessage({
            id: "ai-1",
            content: [{ type: "text", text: `Looking up ${VAULT.ssn}` }],
            tool_calls: [{ id: "call-1", name: "lookup", args: { ssn: VAULT.ssn, email: VAULT.email } }],
          }),
          new RemoveMessage({ id: "h-old" }),
        ],
      }))
      .addNode("intake", recording(recorder, "intake"))
      .addNode("reset", () => ({ messages: new Overwrite([new AIMessage({ id: "ai-2", content: `Reset for ${VAULT.patient_name}` })]) }))
      .addNode("after", recording(recorder, "after"))
      .addEdge(START, "agent")
      .addEdge("agent", "intake")
      .addEdge("intake", "reset")
      .addEdge("reset", "after");
    const graph = withRecons(builder, makeGuard(AUTHORIZED), { finalOutput: false }).compile();
    const output = await graph.invoke({ messages: [new HumanMessage({ id: "h-old", content: "old" }), new HumanMessage({ id: "h1", content: "hi" })] });
    const intakeMessages = (recorder.received[0].input as typeof MessagesAnnotation.State).messages;
    expect(intakeMessages.map((m) => m.id)).toEqual(["h1", "ai-1"]);
    const ai = intakeMessages[1] as AIMessage;
    expect(ai).toBeInstanceOf(AIMessage);
    expect(ai.tool_calls?.[0]).toMatchObject({ id: "call-1", name: "lookup" });
    expect(Array.isArray(ai.content)).toBe(true);
    expectProtected(recorder, AUTHORIZED);
    expect(output.messages.map((m) => m.id)).toEqual(["ai-2"]);
  });

  it("interrupts pass through untouched and the run resumes", async () => {
    const recorder = new Recorder();
    const builder = new StateGraph(MessagesAnnotation)
      .addNode("doctor", (state: typeof MessagesAnnotation.State, _config: RunnableConfig) => {
        const approval = interrupt("approve?") as string;
        recorder.record("doctor", state);
        return { messages: [new AIMessage(`approved: ${approval}`)] };
      })
      .addEdge(START, "doctor");
    const graph = withRecons(builder, makeGuard(AUTHORIZED)).compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "t-int" } };
    const first = await graph.invoke({ messages: [new HumanMessage(RECORD_TEXT)] }, config);
    expect((first as { __interrupt__?: Array<{ value: unknown }> }).__interrupt__?.[0]?.value).toBe("approve?");
    const resumed = await graph.invoke(new Command({ resume: "yes" }), config);
    expect(resumed.messages.at(-1)?.content).toBe("approved: yes");
    expectProtected(recorder, AUTHORIZED, { doctor: ["diagnosis", "patient_name"] });
  });

  it("rewrites parent commands thrown or returned from a subgraph for their goto node", async () => {
    const recorder = new Recorder();
    const audit = new ReconsAudit();
    const Handoff = Annotation.Root({ ...MessagesAnnotation.spec, notes: Annotation<string> });
    const team = new StateGraph(Handoff)
      .addNode("thrower", () => {
        throw new ParentCommand(new Command({ graph: Command.PARENT, goto: "doctor", update: { notes: `thrown: ${RECORD_TEXT}` } }));
      })
      .addEdge(START, "thrower")
      .compile();
    const returning = new StateGraph(Handoff)
      .addNode("returner", () => new Command({ graph: Command.PARENT, goto: "billing", update: { notes: `returned: ${RECORD_TEXT}` } }))
      .addEdge(START, "returner")
      .compile();
    const read = (name: string) => (state: typeof Handoff.State) => {
      recorder.record(name, { notes: state.notes });
      return {};
    };
    const builder = new StateGraph(Handoff)
      .addNode("team", team, { ends: ["doctor"] })
      .addNode("doctor", read("doctor"))
      .addNode("desk", returning, { ends: ["billing"] })
      .addNode("billing", read("billing"))
      .addEdge(START, "team")
      .addEdge("doctor", "desk");
    await withRecons(builder, makeGuard(AUTHORIZED), { audit }).compile().invoke({ messages: [] });
    expect(recorder.nodes()).toEqual(new Set(["doctor", "billing"]));
    expectProtected(recorder, AUTHORIZED, { doctor: ["diagnosis"], billing: ["ssn"] });
    const parent = audit.decisions.filter((d) => d.resolution === "parent-command");
    expect(parent.some((d) => d.recipient === "doctor" && d.node === "team/thrower" && d.field === "ssn" && d.action === "fpe")).toBe(true);
    expect(parent.some((d) => d.recipient === "billing" && d.node === "desk/returner" && d.field === "ssn" && d.action === "allow")).toBe(true);
  });

  it("addressed messages are sanitized for their addressee; reachability protects writes for the next nodes", async () => {
    const audit = new ReconsAudit();
    const builder = new StateGraph(MessagesAnnotation)
      .addNode("intake", () => ({
        messages: [
          new AIMessage({ content: `For billing: ${RECORD_TEXT}`, additional_kwargs: { recipient: "billing" } }),
          new AIMessage({ content: `Summary: ${RECORD_TEXT}` }),
        ],
      }))
      .addNode("doctor", () => ({}))
      .addNode("billing", () => ({}))
      .addEdge(START, "intake")
      .addEdge("intake", "doctor")
      .addEdge("intake", "billing");
    const graph = withRecons(builder, makeGuard(AUTHORIZED), { audit, writes: "reachability", finalOutput: false }).compile();
    const output = await graph.invoke({ messages: [] });
    const addressed = audit.decisions.filter((d) => d.resolution === "addressee");
    expect(addressed.length).toBeGreaterThan(0);
    expect(addressed.every((d) => d.recipient === "billing" && d.path.startsWith("$.content"))).toBe(true);
    const reach = audit.decisions.filter((d) => d.resolution === "reachability" && d.stage === "write");
    // doctor may not see the SSN, billing may not see the diagnosis: neither alone stands for both.
    expect(new Set(reach.map((d) => d.recipient))).toEqual(new Set(["doctor+billing"]));
    const [forBilling, summary] = output.messages.map((m) => String(m.content));
    expect(forBilling).toContain(VAULT.ssn);
    expect(summary).not.toContain(VAULT.ssn);
    expect(summary).not.toContain(VAULT.patient_name);
  });

  it("a node's error reaches the caller sanitized (message, stack, causes), same class, for invoke and stream", async () => {
    class LookupError extends Error {}
    const failing = () =>
      withRecons(
        new StateGraph(MessagesAnnotation)
          .addNode("billing", () => {
            throw new LookupError(`lookup failed for ${VAULT.patient_name}, SSN ${VAULT.ssn}`, { cause: new Error(`upstream said ${VAULT.email}`) });
          })
          .addEdge(START, "billing"),
        makeGuard(AUTHORIZED),
      ).compile();
    const input = { messages: [new HumanMessage("Bill the patient.")] };
    const caught: unknown[] = [];
    await failing().invoke(input).catch((error: unknown) => caught.push(error));
    await (async () => {
      for await (const _chunk of await failing().stream(input)) void _chunk;
    })().catch((error: unknown) => caught.push(error));
    expect(caught).toHaveLength(2);
    for (const error of caught) {
      expect(error).toBeInstanceOf(LookupError);
      const { message, stack, cause } = error as LookupError;
      expect(message).toMatch(/^lookup failed for [A-Z][a-z]+ [A-Z][a-z]+, SSN \d{3}-\d{2}-\d{4}$/);
      for (const text of [message, stack, (cause as Error).message]) for (const value of Object.values(VAULT)) expect(text).not.toContain(value);
    }
  });
});
