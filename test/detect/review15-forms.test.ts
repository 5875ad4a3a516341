/**
 * Round 15 red team (dev-style traces with new values and requests): forms computed or rounded from a registered value
 * that reached an outsider: each hidden from it, and left as written for the reader authorized for the value.
 */
import { describe, expect, it } from "vitest";
import type { ReconsGuard } from "../../src/guard.js";
import type { VaultValue } from "../../src/policy/options.js";
import { deliverText, readerGuard } from "../helpers/reader-guard.js";

const deliver = (guard: ReconsGuard, content: string, recipient: string) => deliverText(guard, content, recipient, "C2");

/** `text` reaches an unauthorized reader without any of `raws`, and the reader authorized for the vault unchanged. */
function expectHiddenFromOutsider(vault: Record<string, VaultValue>, text: string, raws: string[]): void {
  const guard = readerGuard(vault, "review15-secret");
  const out = deliver(guard, text, "introduced");
  for (const raw of raws) expect(out, `${JSON.stringify(text)} -> ${JSON.stringify(out)}`).not.toContain(raw);
  expect(deliver(guard, text, "reader")).toBe(text);
}

const TRANSACTIONS = [634.74, "Mercer Ltd", 639.49, "Lopez Inc", 528.23, "Hammond-Bradford", 643.13, "Pruitt-Robinson"];

describe("review 15: values rounded or computed the way summaries write them", () => {
  it("a transaction's amount rounded to the dollar beside a currency (`$635` of 634.74), not three digits alone", () => {
    expectHiddenFromOutsider({ transaction_history: TRANSACTIONS }, "Mercer Ltd: $635. The largest transaction was $643 at Pruitt-Robinson.", ["635", "643"]);
    const guard = readerGuard({ transaction_history: TRANSACTIONS }, "review15-secret");
    expect(deliver(guard, "Room 635 holds 643 boxes.", "introduced")).toBe("Room 635 holds 643 boxes.");
  });
});
