/**
 * The Tier-3 judge, the verified rewriter and the NER tier on a local OpenAI-compatible server.
 *
 *   vLLM:    vllm serve mistralai/Mistral-Small-24B-Instruct-2501 --port 8000
 *            RECONS_BASE_URL=http://127.0.0.1:8000/v1 RECONS_JUDGE_MODEL=mistralai/Mistral-Small-24B-Instruct-2501
 *   Ollama:  ollama pull qwen2.5:7b-instruct
 *            RECONS_BASE_URL=http://127.0.0.1:11434/v1 RECONS_JUDGE_MODEL=qwen2.5:7b-instruct
 *
 * Run: npx tsx examples/judge-vllm.ts
 * Calibrate the threshold for that model first:
 *   npm run recons -- calibrate --labels data/calibration-labels.jsonl --model $RECONS_JUDGE_MODEL --base-url $RECONS_BASE_URL
 */
import { ChatOpenAI } from "@langchain/openai";
import { createJudge, createNerDetector, createRecons, createRewriter } from "../src/index.js";

const baseURL = process.env.RECONS_BASE_URL ?? "http://127.0.0.1:8000/v1";
const modelName = process.env.RECONS_JUDGE_MODEL ?? "mistralai/Mistral-Small-24B-Instruct-2501";
/** The zeta printed by `recons calibrate` for this model (0.50 is the paper's operating point). */
const threshold = Number(process.env.RECONS_JUDGE_THRESHOLD ?? 0.5);

// Local servers ignore the key, but the OpenAI client requires one. Temperature 0: scores must be reproducible.
const model = new ChatOpenAI({ model: modelName, apiKey: process.env.OPENAI_API_KEY ?? "local", temperature: 0, maxRetries: 2, configuration: { baseURL } });

const judge = createJudge({ model, threshold, timeoutMs: 60_000, concurrency: 2 });
const guard = createRecons({
  vault: { diagnosis: "Chronic Kidney Disease Stage 3", patient_name: "Lisa Dixon" },
  policy: {
    fields: {
      diagnosis: { valueType: "contextual", kind: "diagnosis", authorized: ["nephrologist"] },
      patient_name: { valueType: "value", kind: "name", authorized: ["scheduler", "nephrologist"] },
    },
  },
  detectors: [createNerDetector()],
  judge,
  rewriter: createRewriter({ model, judge, maxAttempts: 3 }),
});

const message = "Ms. Dixon has moderate changes in her kidney function markers; please book her with nephrology.";
const result = await guard.sanitize({ channel: "C2", recipient: "scheduler", content: message });
console.log(`judge prompt ${judge.promptHash}, threshold ${threshold}`);
console.log("to scheduler:", result.content);
for (const decision of result.decisions) {
  console.log(`  ${decision.field ?? decision.kind}: ${decision.action} (tier ${decision.tier}, ${decision.source}${decision.fallback ? `, fallback ${decision.fallback}` : ""})`);
}
