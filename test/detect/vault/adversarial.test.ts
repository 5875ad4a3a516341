import { describe, expect, it } from "vitest";
import { createRecons } from "../../../src/guard.js";
import { ADVERSARIAL_INPUTS } from "../recognizers/helpers.js";

/** Runs of a mask's characters (round 14 audit: `***…` made the last-three scan quadratic, 84 s for 256K asterisks). */
const MASK_RUNS = ["*", "#", "•", "●", "x", "X"].map((mask) => mask.repeat(3e5));

describe("the vault's detectors on adversarial input", () => {
  it("return on 100-300 KB strings built to make a backtracking pattern explode, every kind of value registered", () => {
    const guard = createRecons({
      secret: "s",
      vault: {
        ssn: "123-45-6789", card: "4111 1111 1111 1111", phone: "+1 (415) 555-0134", patient_name: "Maria Gonzalez", dob: "1971-06-17",
        salary: 128227, address: "4410 N Ravenswood Ave, Chicago, IL 60640", account_id: "ACC-0473033101", email: "maria.gonzalez@example.com", diagnosis: "Type 2 diabetes",
      },
      policy: { fields: {} },
    });
    for (const input of [...ADVERSARIAL_INPUTS, ...MASK_RUNS]) {
      expect(typeof guard.sanitizeSync({ channel: "C2", content: input, recipient: "outsider" }).content).toBe("string");
    }
  });
});

/**
 * Texts whose detection was quadratic in their length (session 52): each figure or duration read its whole line or sentence,
 * the text's start onwards, or every percentage of its sentence. At these lengths that took minutes (over the test's 60 s);
 * read once per line, sentence or distinct percentage, well under a second each.
 */
const QUADRATIC_BEFORE: ReadonlyArray<readonly [unit: string, bytes: number, reads: string]> = [
  ["9 years ", 512 * 1024, "each duration's line, for its tenure words"],
  ["in 3 months ", 1024 * 1024, "each duration's sentence up to it, for a word counting back"],
  ["19.3% of $1,234 ", 128 * 1024, "every percentage of each figure's sentence"],
  ["ratio 10.01% ", 128 * 1024, "every rounded percentage of the text for each figure"],
  ["712 diabetes ", 512 * 1024, "every value found for each number standing without its label"],
];

describe("detection in linear time", () => {
  const guard = () =>
    createRecons({
      secret: "s",
      vault: { salary: 128227, hire_date: "2014-03-02", dob: "1971-06-17", patient_name: "Maria Gonzalez", department: "Engineering", case_id: "CASE-612", credit_score: 712, diagnosis: "Type 2 diabetes" },
      policy: { fields: {} },
    });
  for (const [unit, bytes, reads] of QUADRATIC_BEFORE) {
    it(`returns on ${bytes / 1024} KB of ${JSON.stringify(unit)} (it read ${reads})`, () => {
      const content = unit.repeat(Math.ceil(bytes / unit.length));
      expect(typeof guard().sanitizeSync({ channel: "C2", content, recipient: "outsider" }).content).toBe("string");
    });
  }
});
