import { ChatOpenAI } from "@langchain/openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createJudge } from "../../../src/detect/judge.js";
import { createRecons } from "../../../src/guard.js";
import type { Judge } from "../../../src/detect/plugins.js";
import { OperatorError } from "../../../src/transform/base.js";
import { createRewriter, literalLeak } from "../../../src/transform/operators/rewrite.js";
import { startOpenAIServer, userText, type ChatRequest, type OpenAIServer, type Reply } from "../../helpers/openai-server.js";

const target = { field: "diagnosis_real", kind: "diagnosis", value: "Type 2 Diabetes Mellitus" };
const request = {
  text: "Worker: the patient was treated for type 2 diabetes mellitus last spring; book the follow-up.",
  span: "the patient was treated for type 2 diabetes mellitus last spring",
  target,
};
const GENERIC = "the patient was treated for a long-term condition last spring";

const isJudgeCall = (r: ChatRequest) => r.response_format?.json_schema?.name === "disclosure_verdict";
const isRewriteCall = (r: ChatRequest) => r.response_format?.json_schema?.name === "verified_rewrite";

/** Plays both roles: the judge flags diabetes/sugar/carb/portion wording; the rewriter returns the scripted candidates in turn. */
function script(server: OpenAIServer, candidates: string[]) {
  let next = 0;
  server.respond((r): Reply => {
    if (isJudgeCall(r)) {
      const text = userText(r).split("<text>")[1] ?? "";
      return { kind: "structured", value: { score: /diabet|sugar|glucose|carb|portion/i.test(text) ? 0.85 : 0.1 } };
    }
    return { kind: "structured", value: { rewrite: candidates[Math.min(next++, candidates.length - 1)] } };
  });
}

const chat = (server: OpenAIServer) =>
  new ChatOpenAI({ model: "local-model", apiKey: "test", temperature: 0, maxRetries: 0, configuration: { baseURL: server.baseURL } });

describe("createRewriter over ChatOpenAI on a real HTTP server", () => {
  let server: OpenAIServer;
  beforeEach(async () => {
    server = await startOpenAIServer();
  });
  afterEach(() => server.close());

  const rewriter = (overrides: { judge?: Judge; timeoutMs?: number } = {}) =>
    createRewriter({ model: chat(server), judge: overrides.judge ?? createJudge({ model: chat(server) }), timeoutMs: overrides.timeoutMs });

  it("accepts a candidate that passes the backstop and the judge", async () => {
    script(server, [GENERIC]);
    await expect(rewriter().rewrite(request)).resolves.toEqual({ text: GENERIC, attempts: 1 });
    const rewriteCall = server.requests.find(isRewriteCall)!;
    expect(rewriteCall.temperature).toBe(0);
    expect(userText(rewriteCall)).toContain("FIELD: diagnosis_real");
    expect(server.requests.filter(isJudgeCall)).toHaveLength(1);
  });

  it("retries a candidate that still contains the value, then a semantic paraphrase, and accepts the third", async () => {
    script(server, ["the patient was treated for Type-2 DIABETES mellitus last spring", "the patient was treated for high blood sugar", GENERIC]);
    await expect(rewriter().rewrite(request)).resolves.toEqual({ text: GENERIC, attempts: 3 });
    const rewriteCalls = server.requests.filter(isRewriteCall);
    expect(rewriteCalls).toHaveLength(3);
    expect(userText(rewriteCalls[2])).toContain("Attempt 3");
    // The literal echo never reached the judge: the backstop rejected it first.
    expect(server.requests.filter(isJudgeCall)).toHaveLength(2);
  });

  it("gives up with rewrite-exhausted after 3 candidates that contain the value", async () => {
    script(server, ["treated for type 2 diabetes mellitus"]);
    const error = await rewriter().rewrite(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorError);
    expect((error as OperatorError).message).toContain("rewrite-exhausted");
    expect((error as OperatorError).fallback).toBe("rewrite-exhausted");
    expect(server.requests.filter(isRewriteCall)).toHaveLength(3);
  });

  it("rejects when the rewriting model fails: 500, timeout, invalid JSON", async () => {
    script(server, [GENERIC]);
    server.enqueue({ kind: "status", status: 500 });
    await expect(rewriter().rewrite(request)).rejects.toThrow();
    server.enqueue({ kind: "hang" });
    await expect(rewriter({ timeoutMs: 300 }).rewrite(request)).rejects.toThrow(/timed out/);
    server.enqueue({ kind: "content", content: "Sure! Here is a safer version." });
    await expect(rewriter().rewrite(request)).rejects.toThrow();
  });

  it("rejects when the judge fails instead of returning an unverified candidate", async () => {
    script(server, [GENERIC]);
    const failing: Judge = { threshold: 0.5, score: () => Promise.reject(new Error("judge down")) };
    await expect(rewriter({ judge: failing }).rewrite(request)).rejects.toThrow("judge down");
  });
});

describe("literalLeak (exact/variant backstop)", () => {
  it("catches the value under case, accent, spacing and punctuation changes", () => {
    expect(literalLeak("TYPE-2  diabetes, mellitus", target)).toBe(true);
    expect(literalLeak("Café au lait", { field: "f", kind: "k", value: "cafe AU-LAIT" })).toBe(true);
  });

  it("catches a content word of the value and the field identifier, not stopwords or unrelated text", () => {
    expect(literalLeak("a diabetic? no: managed diabetes", target)).toBe(true);
    expect(literalLeak("see diagnosis real", target)).toBe(true);
    expect(literalLeak("a chronic condition of the patient", target)).toBe(false);
    expect(literalLeak("the case type is in review", { field: "case_type", kind: "case", value: "criminal" })).toBe(true);
    expect(literalLeak("the case is in review", { field: "case_type", kind: "case", value: "criminal" })).toBe(false);
  });
});

describe("guard end to end with the judge and the rewriter on ChatOpenAI", () => {
  let server: OpenAIServer;
  beforeEach(async () => {
    server = await startOpenAIServer();
  });
  afterEach(() => server.close());

  const guardWith = () => {
    const judge = createJudge({ model: chat(server) });
    return createRecons({
      vault: { diagnosis: "Type 2 Diabetes Mellitus", patient_name: "Ryan Wilson" },
      policy: {
        fields: {
          diagnosis: { valueType: "contextual", kind: "diagnosis", authorized: ["doctor"] },
          patient_name: { valueType: "value", kind: "name", authorized: ["scheduler", "doctor"] },
        },
      },
      judge,
      rewriter: createRewriter({ model: chat(server), judge }),
    });
  };
  // Tier 2 finds `blood sugar` and `sugar levels` (words that tell the diagnosis); only the judge reads `portion planning` as it.
  const paraphrase = "Ryan Wilson needs help with his portion planning and post-meal readings; book him next week.";

  it("catches a paraphrased contextual value with the judge and releases a verified rewrite", async () => {
    script(server, ["Ryan Wilson needs a routine follow-up; book him next week."]);
    const result = await guardWith().sanitize({ channel: "C2", recipient: "scheduler", content: paraphrase });
    expect(result.content).toBe("Ryan Wilson needs a routine follow-up; book him next week.");
    const decision = result.decisions.find((d) => d.field === "diagnosis")!;
    expect(decision).toMatchObject({ tier: 3, action: "rewrite", confidence: 0.85 });
    expect(decision.source).toMatch(/^judge:[0-9a-f]{12}$/);
    expect(decision.fallback).toBeUndefined();
  });

  it("lets the authorized recipient read it unchanged without asking the judge", async () => {
    script(server, [GENERIC]);
    const result = await guardWith().sanitize({ channel: "C2", recipient: "doctor", content: paraphrase });
    expect(result.content).toBe(paraphrase);
    expect(server.requests).toHaveLength(0);
  });

  it("redacts when the judge fails (500)", async () => {
    server.respond(() => ({ kind: "status", status: 500 }));
    const result = await guardWith().sanitize({ channel: "C2", recipient: "scheduler", content: paraphrase });
    expect(result.content).not.toMatch(/portion planning/);
    expect(result.decisions.find((d) => d.field === "diagnosis")).toMatchObject({ action: "redact", source: "judge-error" });
  });

  it("redacts when every rewrite still contains the value", async () => {
    script(server, ["Ryan Wilson has type 2 diabetes mellitus; book him next week."]);
    const result = await guardWith().sanitize({ channel: "C2", recipient: "scheduler", content: paraphrase });
    expect(result.content).not.toMatch(/portion planning|diabetes/i);
    expect(result.decisions.find((d) => d.field === "diagnosis")).toMatchObject({ action: "redact", fallback: "rewrite-exhausted" });
    expect(server.requests.filter(isRewriteCall)).toHaveLength(3);
  });
});
