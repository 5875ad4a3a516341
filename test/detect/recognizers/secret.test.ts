import { describe, expect, it } from "vitest";
import { SecretRecognizer } from "../../../src/detect/recognizers/secret.js";
import { createRecons } from "../../../src/guard.js";
import { found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const secret = new SecretRecognizer();
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url({ sub: "1234567890", name: "Ryan Wilson" })}.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c`;

describe("SecretRecognizer", () => {
  it.each([
    ["aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"],
    ["token ghp_16C7e42F292c6912E7710c838347Ae178B4a here", "ghp_16C7e42F292c6912E7710c838347Ae178B4a"],
    ["bot xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"],
    ["stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc.", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"],
    ["OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz123456", "sk-proj-abcdefghijklmnopqrstuvwxyz123456"],
    ["maps AIzaSyA-1234567890abcdefghijklmnopqrstu", "AIzaSyA-1234567890abcdefghijklmnopqrstu"],
    ["-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nabcd==\n-----END RSA PRIVATE KEY----- done", "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nabcd==\n-----END RSA PRIVATE KEY-----"],
    ['{"key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBg\\n"}', "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBg\\n"],
    [`Authorization: Bearer ${jwt}`, jwt],
    ["Authorization: Basic bWFyaWEuZ29uemFsZXpAZXhhbXBsZS5jb206aHVudGVyMg==", "bWFyaWEuZ29uemFsZXpAZXhhbXBsZS5jb206aHVudGVyMg=="],
    [`cookie session=${jwt}; path=/`, jwt],
    ["password: hunter22", "hunter22"],
    ['{"password": "Passw0rd!"}', "Passw0rd!"],
    ["client_secret=8f14e45fceea167a5a36dedd4bea2543", "8f14e45fceea167a5a36dedd4bea2543"],
    ["api_key: NaLCDzjMyJPLBKhhrKrFGUcYVEZQhAxu", "NaLCDzjMyJPLBKhhrKrFGUcYVEZQhAxu"],
    ["DATABASE_URL=postgres://app:s3cr3t-Pw@db.internal:5432/main", "s3cr3t-Pw"],
    ["-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF\n-----END PGP PRIVATE KEY BLOCK-----", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF\n-----END PGP PRIVATE KEY BLOCK-----"],
  ])("finds the credential in %j", (text, credential) => {
    expect(found(secret, text)).toEqual([credential]);
  });

  it.each([
    "password: required",
    "use a strong password: at least 12 characters",
    "the key findings are clear",
    "Token budget: 4096 tokens",
    "sk-learn is a library",
    "bypass: 12345abc",
    "passport: 123456789",
    // `eyJ` parts whose header is no JSON object with an `alg`.
    `x ${b64url({ typ: "JWT" })}.${b64url({ sub: "1" })}.abc`,
    "AKIAIOSFODNN7EXAMPL",
    "mail maria@example.com or see https://example.com/a@b",
  ])("leaves %j alone", (text) => {
    expect(found(secret, text)).toEqual([]);
  });

  it("is redacted for every recipient by default, and another kind's value inside it goes with it", () => {
    const guard = createRecons({ secret: "secret-test", vault: { email: "maria.gonzalez@example.com" }, policy: { fields: { email: { authorized: ["crm"] } } } });
    const text = "Authorization: Basic bWFyaWEuZ29uemFsZXpAZXhhbXBsZS5jb206aHVudGVyMg== and key AKIAIOSFODNN7EXAMPLE";
    for (const recipient of ["crm", "tool:http"]) {
      const { content, decisions } = guard.sanitizeSync({ channel: "C3", content: text, recipient });
      expect(content).toBe("Authorization: Basic [REDACTED:secret] and key [REDACTED:secret]");
      expect(decisions.map((d) => [d.kind, d.action, d.reason])).toEqual([
        ["secret", "redact", "unregistered-secret"],
        ["secret", "redact", "unregistered-secret"],
      ]);
    }
  });

  itReportsItsIdentity(secret, "key AKIAIOSFODNN7EXAMPLE");
  itTerminatesOnAdversarialInput(secret);

  it("returns on 100 KB strings built against its own patterns", () => {
    for (const input of ["-----BEGIN PRIVATE KEY-----".repeat(4000), "password: ".repeat(10000), "eyJ".repeat(30000) + ".", "Bearer ".repeat(14000), `eyJ${"a".repeat(1e5)}.eyJ`, "sk-ab-".repeat(16000)]) {
      expect(Array.isArray(secret.detect(input))).toBe(true);
    }
  });
});
