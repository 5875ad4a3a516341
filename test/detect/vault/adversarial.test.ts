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
