import { WINDOW_CONFIDENCE } from "./context.js";
import type { Variant } from "./variant.js";
import { namesPhrase } from "./words.js";

/**
 * The key phrase of a sensitive note and the words a summary boils it down to (session 53 probes: `owes $274k in gambling
 * debts` came out `significant gambling debts`, `currently under FBI surveillance` as `may be under FBI surveillance`,
 * `immigration status: undocumented` as `Client is undocumented`). A note that holds the phrase is told by any of the words:
 * sent to a reader the note is kept from, they disclose it. Normalized forms; hand-written like the clinical indicators (no
 * maintained table of them is on npm). Capitals-only shorthand is listed apart (`TRO`, `NDA`, `RIF`: words in lower case).
 */
const NOTE_INDICATORS: ReadonlyArray<readonly [phrases: readonly string[], words: readonly string[], capitals?: readonly string[]]> = [
  [["gambling"], ["gambling debt", "gambling debts", "gambling losses", "gambling problem", "gambling addiction"]],
  [["offshore"], ["offshore account", "offshore accounts", "offshore holdings", "held offshore", "offshore assets", "offshore funds"]],
  [["bankruptcy", "bankrupt"], ["bankruptcy", "bankruptcies", "bankrupt"]],
  [["insider trading"], ["insider trading", "insider dealing"]],
  [["tax evasion"], ["tax evasion", "tax fraud", "evading taxes", "irs investigation"]],
  [["mortgages", "mortgage"], ["mortgage default", "mortgage defaults", "defaulted mortgages", "defaulted on", "foreclosure", "foreclosures"]],
  [["undocumented"], ["undocumented", "without legal status", "no lawful status", "no legal status", "out of status", "unauthorized immigrant", "illegal immigrant", "without authorization", "lacks work authorization", "work authorization", "legal work status"]],
  [["asylum"], ["asylum seeker", "asylum application", "asylum claim", "seeking asylum", "asylum case"]],
  [["surveillance"], ["fbi surveillance", "federal surveillance", "under surveillance", "being surveilled", "monitored by the fbi", "fbi is monitoring", "watched by the fbi"]],
  [["restraining order"], ["restraining order", "protective order", "order of protection"], ["tro"]],
  [["juvenile"], ["juvenile record", "juvenile felony", "juvenile conviction", "sealed record", "sealed conviction", "juvie", "juvie record", "juvie felony"]],
  [["harassment"], ["harassment lawsuit", "harassment suit", "harassment case", "harassment claim", "harassment complaint"]],
  [["whistleblower"], ["whistleblower", "whistle blower", "cooperating witness"]],
  [["confidential settlement"], ["confidential settlement", "settled privately", "private settlement", "settlement agreement"], ["nda"]],
  [["terminated for cause"], ["for cause", "fired for cause", "let go for cause", "dismissed for cause"]],
  [["interviewing at competitor"], ["interviewing at a competitor", "interviewing with a competitor", "interviewing elsewhere", "talking to a competitor", "talking to a rival", "job hunting", "flight risk"]],
  [["layoff"], ["layoff", "layoffs", "laid off", "reduction in force", "layoff list", "next round of cuts"], ["rif"]],
  [["above pay band"], ["above band", "above the band", "above his band", "above her band", "above the pay band", "above his pay band", "above her pay band", "above the approved pay band", "above the approved band", "over band", "above range", "exceeds the pay band", "outside the pay band"]],
  [["net worth"], ["net worth"]],
];

/** The words that tell a sensitive note whose key phrase a normalized value holds. */
export function noteIndicatorVariants(normalized: string): Variant[] {
  const rows = NOTE_INDICATORS.filter(([phrases]) => phrases.some((phrase) => namesPhrase(normalized, phrase)));
  return [
    ...[...new Set(rows.flatMap(([, words]) => words))].filter((form) => form !== normalized).map((form): Variant => ({ form, confidence: WINDOW_CONFIDENCE, role: "indicator" })),
    ...rows.flatMap(([, , capitals = []]) => capitals).map((form): Variant => ({ form, confidence: WINDOW_CONFIDENCE, role: "acronym" })),
  ];
}
