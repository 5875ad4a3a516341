import type { Channel } from "../../src/event.js";
import { createRecons, type ReconsGuard } from "../../src/guard.js";
import type { VaultValue } from "../../src/policy/options.js";

/** A guard whose every vault field is authorized for `reader` only. */
export function readerGuard(vault: Record<string, VaultValue>, secret: string): ReconsGuard {
  const fields = Object.fromEntries(Object.keys(vault).map((field) => [field, { authorized: ["reader"] }]));
  return createRecons({ secret, vault, policy: { fields } });
}

/** `content` as `recipient` receives it on `channel`. */
export function deliverText(guard: ReconsGuard, content: string, recipient: string, channel: Channel): string {
  return guard.sanitizeSync({ channel, content, recipient }).content as string;
}
