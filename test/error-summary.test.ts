import { describe, expect, it } from "vitest";
import { errorSummary } from "../src/error-summary.js";
import { createRecons } from "../src/guard.js";

describe("errorSummary: what a decision may say of an error", () => {
  const vault = createRecons({ secret: "s", vault: { ssn: "123-45-6789" }, policy: { fields: {} } }).vault;

  it("takes out registered values, digit runs, emails, and base64 or hex runs (round 14 audit: a reason kept `U1NOIDEyMy00NS02Nzg5`)", () => {
    const summary = errorSummary(new Error("no record for 123-45-6789 (maria@example.com), b64 U1NOIDEyMy00NS02Nzg5, hex 3132332d34352d36373839"), vault);
    expect(summary).not.toMatch(/6789|maria@|U1NOID|3132332d/);
    expect(summary).toMatch(/^no record for /);
  });

  it("keeps words, short numbers and the error's shape", () => {
    expect(errorSummary(new Error("detector crashed on representation of configuration: HTTP 500"), vault)).toBe("detector crashed on representation of configuration: HTTP 500");
  });
});
