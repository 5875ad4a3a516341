import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SpanCover } from "../../src/detect/span-cover.js";
import { decidingGroups, resolveOverlaps, type Detection } from "../../src/detect/base.js";

const span = fc.tuple(fc.nat(200), fc.nat(12)).map(([start, length]) => [start, start + length] as const);

describe("SpanCover", () => {
  it("answers overlaps as a comparison with every span added would, below and past its list limit", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(span, fc.boolean()), { maxLength: 60 }), (steps) => {
        const cover = new SpanCover();
        const added: Array<readonly [number, number]> = [];
        for (const [[start, end], add] of steps) {
          expect(cover.overlaps(start, end)).toBe(added.some(([from, to]) => start < to && from < end));
          if (add) {
            cover.add(start, end);
            added.push([start, end]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("resolveOverlaps and decidingGroups on many detections", () => {
  it("keep what a pairwise comparison keeps, and group every vault detection of a kept span", () => {
    const detection = (start: number, length: number, field: string | null, confidence: number): Detection => ({ start, end: start + length, field, kind: "x", valueType: "format", tier: 1, confidence, source: "t" });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(300), fc.integer({ min: 1, max: 15 }), fc.constantFrom(null, "a", "b"), fc.constantFrom(0.5, 0.9)), { minLength: 20, maxLength: 120 }), (raw) => {
        const detections = raw.map(([start, length, field, confidence]) => detection(start, length, field, confidence));
        const kept = resolveOverlaps(detections);
        // The reference: the same ranking, each span compared with every span kept before it.
        const ranked = [...detections].sort((a, b) => Number(b.field !== null) - Number(a.field !== null) || b.end - b.start - (a.end - a.start) || b.confidence - a.confidence || a.start - b.start);
        const reference: Detection[] = [];
        for (const d of ranked) if (!reference.some((k) => d.start < k.end && k.start < d.end)) reference.push(d);
        expect(kept).toEqual(reference.sort((a, b) => a.start - b.start));
        for (const [index, group] of decidingGroups(detections).entries()) {
          const same = detections.filter((d) => d.field !== null && d.start === kept[index].start && d.end === kept[index].end);
          expect(group).toEqual(same.length > 0 ? same : [kept[index]]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
