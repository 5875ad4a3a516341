import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { InMemoryStore } from "@langchain/langgraph";
import { createRecons } from "../src/guard.js";
import { ReconsStore } from "../src/langgraph/store.js";

const SSN = "939-79-6410";
const NAME = "Tanya Bryant";

function newGuard() {
  const guard = createRecons({ secret: "summary-only-secret", vault: { ssn: SSN, patient_name: NAME }, policy: { fields: { ssn: { kind: "ssn", authorized: ["doctor"] }, patient_name: { kind: "name", authorized: ["doctor"] } } } });
  // Caches, surrogates and operator outputs now hold the values too.
  guard.sanitizeSync({ channel: "C2", content: `${NAME}, SSN ${SSN}`, recipient: "clerk" });
  return guard;
}

/** Everything logging or serializing `value` could print. */
function shown(value: unknown): string {
  return [inspect(value, { depth: 20, showHidden: true }), inspect(value, { depth: null }), JSON.stringify(value)].join("\n");
}

describe("objects that hold protected values show only a summary", () => {
  it("a guard, logged or serialized, shows its fields and counts, never a value or key material", () => {
    const guard = newGuard();
    const text = shown(guard);
    for (const raw of [SSN, "939796410", NAME, "Tanya", "summary-only-secret"]) expect(text).not.toContain(raw);
    expect(inspect(guard)).toBe("Guard { mode: 'dynamic', fields: [ 'ssn', 'patient_name' ], vaultValues: 2 }");
    expect(JSON.parse(JSON.stringify(guard))).toEqual({ mode: "dynamic", fields: ["ssn", "patient_name"], vaultValues: 2 });
  });

  it("so does its vault, and an object that holds the guard", () => {
    const guard = newGuard();
    expect(shown(guard.vault)).not.toContain(SSN);
    expect(inspect(guard.vault)).toBe("Vault { fields: [ 'ssn', 'patient_name' ], values: 2 }");
    expect(shown({ config: { guard } })).not.toContain(NAME);
  });

  it("a store view shows whose view it is, not the store it wraps", async () => {
    const inner = new InMemoryStore();
    await inner.put(["patients"], "p1", { note: `${NAME} has SSN ${SSN}` });
    const view = new ReconsStore(inner, newGuard(), { reader: "clerk" });
    expect(shown(view)).not.toContain(SSN);
    expect(inspect(view)).toBe("ReconsStore { reader: 'clerk' }");
    // Reading through it still works.
    expect(JSON.stringify(await view.get(["patients"], "p1"))).not.toContain(SSN);
  });
});
