import { expect } from "vitest";
import { createRecons, type ReconsGuard } from "../../src/guard.js";
import type { VaultValue } from "../../src/policy/options.js";
import { deliverText } from "./reader-guard.js";

/** The checks of a red-team round's forms under `secret`: hidden from an outsider, as written for the reader authorized for the vault. */
export function reviewForms(secret: string) {
  /** A guard whose every vault field is authorized for `reader` only, its ages and tenures counted at `ageReference`. */
  const guardFor = (vault: Record<string, VaultValue>, ageReference = "2025-12-01"): ReconsGuard => {
    const fields = Object.fromEntries(Object.keys(vault).map((field) => [field, { authorized: ["reader"] }]));
    return createRecons({ secret, vault, policy: { fields }, ageReference });
  };
  const deliver = (guard: ReconsGuard, content: string, recipient: string) => deliverText(guard, content, recipient, "C2");
  return {
    guardFor,
    deliver,
    /** `text` reaches an unauthorized reader without any of `raws`, and the reader authorized for the vault unchanged. */
    expectHiddenFromOutsider(vault: Record<string, VaultValue>, text: string, raws: string[], ageReference?: string): void {
      const guard = guardFor(vault, ageReference);
      const out = deliver(guard, text, "introduced");
      for (const raw of raws) expect(out, `${JSON.stringify(text)} -> ${JSON.stringify(out)}`).not.toContain(raw);
      expect(deliver(guard, text, "reader")).toBe(text);
    },
    /** `text` reaches an unauthorized reader as written. */
    expectKept(vault: Record<string, VaultValue>, text: string, ageReference?: string): void {
      expect(deliver(guardFor(vault, ageReference), text, "introduced")).toBe(text);
    },
  };
}
