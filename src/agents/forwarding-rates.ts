import { z } from "zod";
import measured from "./forwarding-rates.json" with { type: "json" };
import { VALUE_FORMS, VALUE_KINDS } from "./value-kinds.js";

/** Schema of forwarding-rates.json (written by calibrate-rates.ts from real LLM traces). */
const quantilesSchema = z.object({ p10: z.number(), median: z.number(), p90: z.number() });
const shareSchema = z.number().min(0).max(1);

const kindForwardingSchema = z.object({
  opportunities: z.number().int().nonnegative(),
  forwarded: z.number().int().nonnegative(),
  /** forwarded / opportunities */
  rate: shareSchema,
  /** share of forwarded pairs per surface form */
  forms: z.partialRecord(z.enum(VALUE_FORMS), shareSchema),
  /** trace vault fields that fell in this kind */
  fields: z.array(z.string()),
});

const slotStatsSchema = z.object({
  channel: z.string(),
  messages: z.number().int(),
  chars: quantilesSchema,
  words: quantilesSchema,
  retellsTaskVerbatim: shareSchema,
  retellsTaskParaphrased: shareSchema,
  markdown: z.object({ bold: shareSchema, headings: shareSchema, numberedLists: shareSchema, bullets: shareSchema }),
  refusalPhrasing: shareSchema,
  topOpeners: z.array(z.object({ text: z.string(), share: shareSchema })),
  forwarding: z.partialRecord(z.enum(VALUE_KINDS), kindForwardingSchema),
});

export const forwardingRatesSchema = z.object({
  method: z.string().min(1),
  source: z.object({ file: z.string(), traces: z.number().int(), excludedErrorMessages: z.number().int(), models: z.array(z.string()) }),
  slots: z.record(z.string(), slotStatsSchema),
  memoryWrite: z.object({
    prefix: z.string(),
    prefixShare: shareSchema,
    copiesReportShare: shareSchema,
    truncateAtChars: z.number().int().nonnegative(),
    truncatedShare: shareSchema,
  }),
});

export type ForwardingRates = z.infer<typeof forwardingRatesSchema>;
export type SlotStats = z.infer<typeof slotStatsSchema>;
export type KindForwarding = z.infer<typeof kindForwardingSchema>;

/** The bundled measurement, validated once at import. */
export const MEASURED_RATES: ForwardingRates = forwardingRatesSchema.parse(measured);
