import { describe, expect, it } from "vitest";
import { EmailRecognizer } from "../../../src/detect/recognizers/email.js";
import { found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const email = new EmailRecognizer();

describe("EmailRecognizer", () => {
  it("finds addresses with exact offsets, without surrounding punctuation", () => {
    const text = "Write to (Julian.Baker@companyemail.com) or 'a+b@mail.example.co.uk'.";
    expect(email.detect(text).map((d) => [d.start, d.end])).toEqual([
      [10, 39],
      [45, 67],
    ]);
    expect(found(email, text)).toEqual(["Julian.Baker@companyemail.com", "a+b@mail.example.co.uk"]);
  });

  it("rejects strings that are not addresses", () => {
    for (const text of ["@handle", "a@b", "user@localhost", "name@domain.c", "meet @ 5pm", "x@-bad.com"]) {
      expect(found(email, text)).toEqual([]);
    }
  });

  it("reads a URL's `user:password@host` as the password (a secret), leaving the host: the URL still parses", () => {
    // Red-team payload: `postgres://app:s3cret@db.internal.example.com:5432/prod` lost its host to one `[REDACTED:email]`.
    const text = "DATABASE_URL=postgres://app:s3cret@db.internal.example.com:5432/prod";
    const [hit] = email.detect(text);
    expect([text.slice(hit!.start, hit!.end), hit!.kind]).toEqual(["s3cret", "secret"]);
    expect(email.detect("write app:ops@example.com")[0]!.kind).toBe("email");
  });

  itReportsItsIdentity(email, "mail donald@example.org");
  itTerminatesOnAdversarialInput(email);
});
