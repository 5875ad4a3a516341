import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { encodedSegments, mapEncoded } from "../src/encoded-text.js";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

describe("encodedSegments", () => {
  it("finds base64 and base64url of text, padded or not, with their offsets", () => {
    const basic = b64("maria.gonzalez@example.com:hunter2");
    const jwtPayload = b64url('{"sub":"Ryan Wilson","email":"rw@x.org"}');
    const text = `Authorization: Basic ${basic}\nbearer eyJhbGciOiJIUzI1NiJ9.${jwtPayload}.sig`;
    const segments = encodedSegments(text);
    expect(segments.map((s) => s.decoded)).toEqual(["maria.gonzalez@example.com:hunter2", '{"alg":"HS256"}', '{"sub":"Ryan Wilson","email":"rw@x.org"}']);
    expect(text.slice(segments[0].start, segments[0].end)).toBe(basic);
    expect(text.slice(segments[2].start, segments[2].end)).toBe(jwtPayload);
  });

  it.each([
    "internationalization and telecommunications",
    "sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "/api/v1/users/abcdefghijklmnop/profile",
    "hex 3933392d37392d36343130",
    `binary ${Buffer.from([0, 1, 2, 250, 251, 252, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).toString("base64")}`,
  ])("takes %s for no encoded text", (text) => expect(encodedSegments(text)).toEqual([]));

  it("finds runs of 12 to 15 characters (an SSN's 9 to 11 bytes) where they look encoded, not words of that length", () => {
    for (const ssn of ["985-71-8578", "985718578"]) {
      for (const encoded of [b64(ssn), b64url(ssn)]) expect(encodedSegments(`SSN: ${encoded}.`).map((s) => s.decoded)).toEqual([ssn]);
    }
    expect(encodedSegments("Administration responsibility, Constitution")).toEqual([]);
  });

  it("re-encodes as written: the same alphabet, padding kept or left off", () => {
    const [padded] = encodedSegments(`x ${b64("Patient Ryan Wilson")} y`);
    expect(padded.encode("Patient Neil Potter")).toBe(b64("Patient Neil Potter"));
    const [bare] = encodedSegments(`x ${b64url("Patient Ryan Wilson?>")} y`);
    expect(bare.encode("Patient Neil Potter?>")).toBe(b64url("Patient Neil Potter?>"));
  });
});

describe("mapEncoded", () => {
  it("rewrites the decoded text of each segment and leaves the rest and unchanged segments as written", () => {
    const text = `a ${b64("keep this text")} b ${b64("Ryan Wilson here")} c`;
    expect(mapEncoded(text, (decoded) => decoded.replace("Ryan Wilson", "Neil Potter"))).toBe(`a ${b64("keep this text")} b ${b64("Neil Potter here")} c`);
    expect(mapEncoded(text, (decoded) => decoded)).toBe(text);
  });

  it("finds any printable text's encoding, in either alphabet, and round-trips it", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."abcXYZ019 .,:@-_/+é€"), minLength: 9, maxLength: 80 }), fc.boolean(), (plain, url) => {
        fc.pre(/[\p{L}\p{N}]{2}/u.test(plain));
        const encoded = url ? b64url(plain) : b64(plain);
        const segments = encodedSegments(`see ${encoded} now`);
        expect(segments.map((s) => s.decoded)).toEqual([plain]);
        expect(mapEncoded(`see ${encoded} now`, (decoded) => decoded.toUpperCase())).toBe(`see ${segments[0].encode(plain.toUpperCase())} now`);
      }),
      { numRuns: 200 },
    );
  });
});
