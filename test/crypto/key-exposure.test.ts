import { inspect } from "node:util";
import { InMemoryStore, MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { deriveKeys } from "../../src/crypto/keys.js";
import { createRecons } from "../../src/guard.js";
import { ReconsSerializer } from "../../src/langgraph/serializer.js";
import { ReconsStore } from "../../src/langgraph/store.js";

const SECRET = "key-exposure-test";
const TEXT = "Maria Gonzalez, SSN 939-79-6410, earns $45,000.";

/** Every way a user might print or log an object: util.inspect at any depth, JSON with cycles cut. */
function renderings(value: unknown): string[] {
  const seen = new WeakSet<object>();
  const json = JSON.stringify(value, (_key, child: unknown) => {
    if (typeof child === "bigint") return String(child);
    if (child === null || typeof child !== "object") return child;
    if (seen.has(child)) return "[cycle]";
    seen.add(child);
    return child;
  });
  return [inspect(value, { depth: Infinity, maxArrayLength: Infinity, maxStringLength: Infinity, breakLength: Infinity }).replace(/\s+/g, " "), json];
}

/** The forms a key's bytes take in those renderings. */
function keyForms(key: Uint8Array): string[] {
  const bytes = Array.from(key.subarray(0, 8));
  return [bytes.join(", "), bytes.map((byte, index) => `"${index}":${byte}`).join(","), Buffer.from(key).toString("hex").slice(0, 16), Buffer.from(key).toString("base64").slice(0, 12)];
}

describe("derived keys never show when a guard, checkpointer or store view is printed or serialized", () => {
  const guard = createRecons({ secret: SECRET, vault: { patient: "Maria Gonzalez", ssn: "939-79-6410", salary: "$45,000" }, policy: { fields: { ssn: { authorized: ["intake"] } } } });
  // Used first, so every lazily built index, cipher and memo exists.
  guard.sanitizeSync({ channel: "C2", content: TEXT, recipient: "other" });
  guard.sanitizeSync({ channel: "C5", content: TEXT }, { reversible: true });
  const targets = {
    guard,
    checkpointer: new MemorySaver(new ReconsSerializer(guard, { secret: SECRET })),
    store: new ReconsStore(new InMemoryStore(), guard),
  };

  it.each(Object.entries(targets))("%s", (_name, target) => {
    const shown = renderings(target);
    for (const [purpose, key] of Object.entries(deriveKeys(SECRET))) {
      for (const form of keyForms(key as Uint8Array)) {
        for (const text of shown) expect(text.includes(form), `${purpose} key as ${form}`).toBe(false);
      }
    }
  });
});
