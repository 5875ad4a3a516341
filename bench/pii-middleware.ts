/**
 * LangChain's built-in `piiMiddleware` detectors, applied the way the middleware applies them:
 * each rule (email, credit_card, ip, mac_address, url; strategy redact) runs its detector on
 * the content and `applyStrategy` rewrites it, one rule after the other.
 */
import { applyStrategy, resolveRedactionRule, type ResolvedRedactionRule } from "langchain";

export const PII_MIDDLEWARE_TYPES = ["email", "credit_card", "ip", "mac_address", "url"] as const;

const RULES: ResolvedRedactionRule[] = PII_MIDDLEWARE_TYPES.map((piiType) => resolveRedactionRule({ piiType, strategy: "redact" }));

/** Redact `text` with the five built-in piiMiddleware rules. */
export function piiMiddlewareRedact(text: string): string {
  let content = text;
  for (const rule of RULES) {
    const matches = rule.detector(content);
    if (matches.length > 0) content = applyStrategy(content, matches, rule.strategy, rule.piiType);
  }
  return content;
}
