/**
 * Session 47: forms earlier rounds left, and round 22 red team (dev-style traces, one helper per vertical): forms of a registered
 * value that reached an outsider, each hidden from it and left as written for the reader authorized for the value; and the ordinary
 * text a first fix must not change.
 */
import { describe, expect, it } from "vitest";
import { reviewForms } from "../helpers/review-forms.js";

const { guardFor, deliver, expectHiddenFromOutsider, expectKept } = reviewForms("review22-secret");

describe("session 47: a score read out", () => {
  it("digit by digit, in figures or words, and as a figure and a pair", () => {
    expectHiddenFromOutsider({ customer_name: "Paul Carter", credit_score: 812 }, "Her credit score, 8-1-2, is on file.", ["8-1-2"]);
    expectHiddenFromOutsider({ customer_name: "Paul Carter", credit_score: 812 }, "Credit score read back: eight-one-two.", ["eight-one-two"]);
    expectHiddenFromOutsider({ customer_name: "Paul Carter", credit_score: 812 }, "Score: Eight twelve, confirmed.", ["Eight twelve"]);
    expectHiddenFromOutsider({ customer_name: "Paul Carter", fico_score: 557 }, "FICO: five-fifty-seven", ["five-fifty-seven"]);
    expectHiddenFromOutsider({ customer_name: "Paul Carter", credit_score: 705 }, "Credit score seven-oh-five.", ["seven-oh-five"]);
  });

  it("a FICO field's score after `FICO` or a bureau's name", () => {
    expectHiddenFromOutsider({ customer_name: "Paul Carter", fico_score: 557 }, "FICO: 557; Experian 557.", ["557"]);
  });

  it("leaves the same words away from the score's label", () => {
    expectKept({ customer_name: "Paul Carter", credit_score: 812 }, "We meet at eight twelve tomorrow.");
    expectKept({ customer_name: "Paul Carter", credit_score: 812 }, "Steps 8-1-2 of the checklist are done.");
  });
});

describe("session 47: initials the text defines", () => {
  const people = { client_name: "Paul Carter", opposing_party: "Yvonne Moreno" };

  it("each later use of initials defined after a name, as the pseudonym's initials", () => {
    const guard = guardFor(people);
    const text = "Paul Carter (PC) met Yvonne Moreno (YM). Later, PC emailed YM; YM replied to PC.";
    const out = deliver(guard, text, "introduced");
    expect(out).not.toMatch(/\bPC\b|\bYM\b/);
    // The later uses show the initials the definition shows.
    const defined = /\((\p{Lu}{2})\) met/u.exec(out)![1];
    expect(out).toContain(`Later, ${defined} emailed`);
    expect(deliver(guard, text, "reader")).toBe(text);
  });

  it("leaves the same letters inside words, and initials nobody defined", () => {
    const out = deliver(guardFor(people), "Paul Carter (PC) met us. PCs and APC-1 stay.", "introduced");
    expect(out).toContain("PCs and APC-1 stay.");
    expectKept(people, "Emails were sent from the PC in room 4.");
  });
});

describe("session 47: a short form that is a word, given as the name", () => {
  const client = { client_name: "William Garrison" };

  it("in quotes, after `goes by` or `known as`, and used after that", () => {
    expectHiddenFromOutsider(client, 'William ("Bill") Garrison signed the lease.', ["Bill"]);
    expectHiddenFromOutsider(client, 'Mr. Garrison (goes by "Bill") signed. Bill agreed to the terms.', ["Bill"]);
    expectHiddenFromOutsider({ employee_name: "Patricia Baxter" }, "Patricia Baxter, known as Pat, called; Pat asked for leave.", ["Pat"]);
  });

  it("leaves the word where no text gives it as a name", () => {
    expectKept(client, "Pay the Bill today. Will you sign? The bill is due.");
    expectKept({ employee_name: "Patricia Baxter" }, "Pat the dough flat, then bake.");
  });
});
