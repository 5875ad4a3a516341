import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatOpenAI } from "@langchain/openai";
import { ScriptedAgentModel } from "../../src/agents/scripted-model.js";
import { loadAgentLeak } from "../../src/scenarios/agentleak.js";
import { defaultModel, runRecord } from "../../src/topologies/index.js";
import { ensureModelEndpointReachable } from "../../src/topologies/model.js";
import { startOpenAIServer, type OpenAIServer } from "../helpers/openai-server.js";

const scenarios = await loadAgentLeak("data/agentleak-sample.jsonl");
const scenario = scenarios[0];
let server: OpenAIServer;

beforeAll(async () => {
  server = await startOpenAIServer((request) => {
    const agent = /^Agent: (.+)$/m.exec(request.messages[0]?.content ?? "")?.[1] ?? "someone";
    const fetched = request.messages.some((message) => message.role === "tool");
    if (request.tools?.length && !fetched) return { kind: "structured", value: { query: "records for the request" } };
    return { kind: "content", content: `${agent} here: the records were reviewed for the request.` };
  });
});
afterAll(() => server.close());

describe("defaultModel", () => {
  it("is the scripted model without OPENAI_* variables, ChatOpenAI with them", () => {
    expect(defaultModel({ env: {} })).toBeInstanceOf(ScriptedAgentModel);
    expect(defaultModel({ env: { OPENAI_API_KEY: "sk-test" } })).toBeInstanceOf(ChatOpenAI);
    expect(defaultModel({ env: { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" } })).toBeInstanceOf(ChatOpenAI);
  });

  it("runs a cell end to end over HTTP against an OpenAI-compatible server", async () => {
    const model = defaultModel({ env: { OPENAI_BASE_URL: server.baseURL, OPENAI_MODEL: "local-model" } });
    const { events } = await runRecord({ scenario, cell: "CW-2", level: "A0", pair: "tau", model, seed: 1, horizon: 1 });
    expect(server.requests.length).toBeGreaterThanOrEqual(5);
    expect(server.requests.every((request) => request.model === "local-model")).toBe(true);
    // Original agents were offered the scenario's tools and called them.
    expect(server.requests.some((request) => request.tools?.some((t) => t.function.name === scenario.tools[0].name))).toBe(true);
    expect(events.filter((e) => e.channel === "C3").length).toBeGreaterThan(0);
    expect(events.find((e) => e.channel === "C1")?.content).toBe("coordinator here: the records were reviewed for the request.");
    expect(events.some((e) => e.channel === "C2" && e.recipient === "worker_1" && e.content.startsWith("coordinator here"))).toBe(true);
    // The model of an agent saw what RECONS delivered to it: a forbidden value never reaches the server raw.
    const ssn = scenario.vault.ssn;
    expect(server.requests.some((request) => JSON.stringify(request.messages).includes(ssn))).toBe(false);
  });

  it("checks the endpoint with a bare connection: a listening server passes and sees no request", async () => {
    const before = server.requests.length;
    await expect(ensureModelEndpointReachable({ OPENAI_BASE_URL: server.baseURL })).resolves.toBeUndefined();
    expect(server.requests.length).toBe(before);
    await expect(ensureModelEndpointReachable({ OPENAI_BASE_URL: "http://127.0.0.1:9/v1" })).rejects.toThrow(/http:\/\/127\.0\.0\.1:9\/v1 \(OPENAI_BASE_URL\) is unreachable: ECONNREFUSED/);
  });
});
