import { ChatOpenAI } from "@langchain/openai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createJudge } from "../../src/detect/judge.js";
import { startOpenAIServer, userText, type OpenAIServer } from "../helpers/openai-server.js";

const diagnosis = { field: "diagnosis_real", kind: "diagnosis", value: "Type 2 Diabetes Mellitus" };

/** Scores 0.9 when the text talks about blood sugar, 0.1 otherwise: a stand-in judge model. */
const judgeModel = (server: OpenAIServer) => {
  server.respond((request) => {
    const text = userText(request).split("<text>")[1] ?? "";
    return { kind: "structured", value: { score: /blood sugar|diabet/i.test(text) ? 0.9 : 0.1 } };
  });
};

const chat = (server: OpenAIServer, model = "judge-model") =>
  new ChatOpenAI({ model, apiKey: "test", temperature: 0, maxRetries: 0, configuration: { baseURL: server.baseURL } });

describe("createJudge over ChatOpenAI on a real HTTP server", () => {
  let server: OpenAIServer;
  beforeEach(async () => {
    server = await startOpenAIServer();
  });
  afterEach(() => server.close());

  it("scores with json_schema structured output at temperature 0 and records the prompt hash", async () => {
    judgeModel(server);
    const judge = createJudge({ model: chat(server), threshold: 0.5 });
    const leak = await judge.score("The patient needs help managing her blood sugar levels.", diagnosis);
    const clean = await judge.score("The appointment is moved to Tuesday at 10am.", diagnosis);
    expect(leak).toEqual({ score: 0.9, disclosed: true, promptHash: judge.promptHash });
    expect(clean.disclosed).toBe(false);
    expect(judge.promptHash).toMatch(/^[0-9a-f]{12}$/);
    const [request] = server.requests;
    expect(request.temperature).toBe(0);
    expect(request.response_format?.type).toBe("json_schema");
    expect(userText(request)).toContain("Type 2 Diabetes Mellitus");
    expect(userText(request)).not.toContain("diagnosis_real");
  });

  it("answers through tool calling when asked to (functionCalling method)", async () => {
    judgeModel(server);
    const judge = createJudge({ model: chat(server), method: "functionCalling" });
    expect((await judge.score("Diabetic diet plan attached.", diagnosis)).disclosed).toBe(true);
    expect(server.requests[0].tools?.[0]?.function.name).toBe("disclosure_verdict");
  });

  it("caches by (prompt hash, value, text): the server sees one request for repeated and concurrent calls", async () => {
    judgeModel(server);
    const judge = createJudge({ model: chat(server) });
    const text = "Her blood sugar is high again.";
    const verdicts = await Promise.all([judge.score(text, diagnosis), judge.score(text, diagnosis)]);
    await judge.score(text, diagnosis);
    expect(server.requests).toHaveLength(1);
    expect(verdicts[0]).toEqual(verdicts[1]);
    await judge.score(text, { ...diagnosis, value: "Hypertension Stage 2" });
    expect(server.requests).toHaveLength(2);
  });

  it("does not cache failures: the next call asks again", async () => {
    judgeModel(server);
    server.enqueue({ kind: "status", status: 500 });
    const judge = createJudge({ model: chat(server) });
    await expect(judge.score("blood sugar", diagnosis)).rejects.toThrow();
    await expect(judge.score("blood sugar", diagnosis)).resolves.toMatchObject({ disclosed: true });
    expect(server.requests).toHaveLength(2);
  });

  it("rejects on HTTP 500", async () => {
    server.respond(() => ({ kind: "status", status: 500 }));
    await expect(createJudge({ model: chat(server) }).score("text to judge", diagnosis)).rejects.toThrow();
  });

  it("rejects on timeout when the server hangs", async () => {
    server.respond(() => ({ kind: "hang" }));
    const judge = createJudge({ model: chat(server), timeoutMs: 300 });
    await expect(judge.score("text to judge", diagnosis)).rejects.toThrow(/timed out/);
  });

  it("rejects on invalid JSON: a broken HTTP body, non-JSON content, or a score outside [0, 1]", async () => {
    const judge = createJudge({ model: chat(server), cache: false });
    server.enqueue({ kind: "raw", body: "{not json" }, { kind: "content", content: "yes, it leaks" }, { kind: "structured", value: { score: 1.7 } }, { kind: "structured", value: { verdict: "leak" } });
    for (let i = 0; i < 4; i++) await expect(judge.score("text to judge", diagnosis)).rejects.toThrow();
    expect(server.requests).toHaveLength(4);
  });

  it("bounds concurrency: never more requests in flight than the limit", async () => {
    server.respond(() => ({ kind: "hang" }));
    const judge = createJudge({ model: chat(server), concurrency: 2, timeoutMs: 1000, cache: false });
    const texts = ["one text", "two text", "three text", "four text"];
    const settled = Promise.allSettled(texts.map((text) => judge.score(text, diagnosis)));
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(server.requests).toHaveLength(2);
    expect((await settled).every((r) => r.status === "rejected")).toBe(true);
  });

  it("refuses a sampling model", () => {
    const model = new ChatOpenAI({ model: "m", apiKey: "test", temperature: 0.7, configuration: { baseURL: server.baseURL } });
    expect(() => createJudge({ model })).toThrow(/temperature: 0/);
  });

  it("scoreAll batches under the limit", async () => {
    judgeModel(server);
    const judge = createJudge({ model: chat(server), concurrency: 1 });
    const verdicts = await judge.scoreAll([
      { text: "blood sugar 240", target: diagnosis },
      { text: "lunch on Friday", target: diagnosis },
    ]);
    expect(verdicts.map((v) => v.disclosed)).toEqual([true, false]);
  });
});
