import type { Detection, Recognizer } from "../base.js";

/** A recognizer hit: unregistered (field null), tier 1 rule, confidence clamped to [0, 1]. */
export function recognizerHit(
  recognizer: Recognizer,
  start: number,
  end: number,
  confidence: number,
): Detection {
  return {
    start,
    end,
    field: null,
    kind: recognizer.kind,
    valueType: recognizer.valueType,
    tier: 1,
    confidence: Math.min(1, Math.max(0, confidence)),
    source: recognizer.name,
  };
}
