import type { Channel } from "../../src/event.js";
import type { ReconsGuard } from "../../src/guard.js";

/**
 * Vault fields whose values appear in `text` in any form the core detects (vault matcher variants)
 * or verbatim, restricted to the fields `recipient` may not receive on `channel`. Without a
 * recipient every protected field counts (checkpoints, logs: nobody may read raw values there).
 */
export function leakedFields(guard: ReconsGuard, text: string, recipient?: string, channel: Channel = "C2"): string[] {
  const unauthorized = (field: string) => recipient === undefined || !guard.isAuthorized(field, channel, recipient);
  const found = new Set<string>();
  for (const detection of guard.detect(text)) {
    if (detection.field !== null && unauthorized(detection.field)) found.add(detection.field);
  }
  for (const entry of guard.vault.entries()) {
    if (unauthorized(entry.field) && text.includes(String(entry.value))) found.add(entry.field);
  }
  return [...found].sort();
}

/** Whether every listed value reached the recipient verbatim. */
export function receivedAll(text: string, values: string[]): boolean {
  return values.every((value) => text.includes(value));
}
