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
    /** `text` written to shared state (C5, reversibly) holds none of `raws`, and reads back as written for the reader authorized for the vault. */
    expectRestoredFromSharedState(guard: ReconsGuard, text: string, raws: string[]): void {
      const stored = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
      for (const raw of raws) expect(stored, `${JSON.stringify(text)} stored as ${JSON.stringify(stored)}`).not.toContain(raw);
      expect(guard.restore(stored, "reader", "C5")).toBe(text);
    },
    /** `text` reaches an unauthorized reader as written. */
    expectKept(vault: Record<string, VaultValue>, text: string, ageReference?: string): void {
      expect(deliver(guardFor(vault, ageReference), text, "introduced")).toBe(text);
    },
  };
}
