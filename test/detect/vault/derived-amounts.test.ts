import { describe, expect, it } from "vitest";
import { derivationOf, derivedAmountDetector } from "../../../src/detect/vault/derived-amounts.js";
import { writtenAmountValue } from "../../../src/detect/vault/numbers.js";
import type { VaultEntry } from "../../../src/detect/vault/vault.js";
import { createRecons } from "../../../src/guard.js";

const income: VaultEntry = { field: "income", value: "84600", kind: "amount", valueType: "value" };

/** The spans the detector finds in `text`, as written. */
function derivedIn(text: string, entries: VaultEntry[] = [income]): string[] {
  return derivedAmountDetector(() => entries)
    .detect(text)
    .map((detection) => text.slice(detection.start, detection.end));
}

/** The first number of `text` (digits, one `.`, a `K`) in real scale. */
function amountIn(text: string): number {
  return writtenAmountValue(/\d[\d,.]*(?:K\b)?/.exec(text)![0])!.value;
}

/**
 * `shown` is `surrogate` rounded to `place`, as written, and no nearer `written` (the real value's rounding) than the surrogate
 * itself (round 20 red team: a coarse rounding toward it had brought a surrogate 3 % off back within 2.5 %).
 */
function expectRoundedAway(shown: number, surrogate: number, place: number, written: number): void {
  expect(shown % place, `${shown} by ${place}`).toBe(0);
  expect(Math.abs(shown - surrogate), `${shown} of ${surrogate}`).toBeLessThan(place);
  expect(Math.abs(shown - written), `${shown} against ${written}`).toBeGreaterThanOrEqual(Math.abs(surrogate - written));
}

describe("amounts computed from a registered amount", () => {
  it("finds a pay period's share and a small multiple at the resolution it is written to", () => {
    // Red team (new finance and HR traces): beside a noised income, `approx. $7,050/month` and `2x income` gave it back (x12, /2); dev traces write it too.
    expect(derivedIn("Income $84,600 (approx. $7,050/month gross); up to $169,200 (2x); $3,525 twice a month; roughly $7.05K; 7050.00; weekly 1,626.92; hourly $40.67")).toEqual([
      "7,050",
      "169,200",
      "3,525",
      "7.05K",
      "7050.00",
      "1,626.92",
      "40.67",
    ]);
  });

  // Round 7 red team: `Max Loan (3.5x) $284,375` of an income of 81,250 passed exactly.
  it("finds the half multiples a lender states", () => {
    expect(derivedIn("Max loan (3.5x) $296,100; 2.5x: $211,500; 1.5x: $126,900; 4.5x: $380,700")).toEqual(["296,100", "211,500", "126,900", "380,700"]);
  });

  // Round 11 red team: `Our 1/3 fee would be $428,947; net to client ≈ $857,894` of 1,286,841; `$59,800 per year` of a $1,150 weekly wage.
  it("finds what a one-third fee leaves and a weekly amount's year", () => {
    expect(derivedIn("Our 1/3 fee would be $428,947; net to client ≈ $857,894", [{ ...income, field: "settlement_amount", value: "1286841" }])).toEqual(["428,947", "857,894"]);
    expect(derivedIn("annualized $59,800 per year", [{ ...income, field: "weekly_wage", value: "1150.00" }])).toEqual(["59,800"]);
  });

  // Round 11 red team: `principal $8,410.00 + interest $1,463.55` beside a noised balance of 9,873.55, `$54,200 − $23,475 = $30,725`.
  it("finds two amounts near each other whose sum or difference is a registered amount, not two that are far apart", () => {
    const balance = [{ ...income, field: "balance", value: "9873.55" }];
    expect(derivedIn("Balance: $9,873.55 (principal $8,410.00 + interest $1,463.55)", balance)).toEqual(["8,410.00", "1,463.55"]);
    expect(derivedIn("Gross $84,600 − deductions $12,250 = $72,350", [{ ...income, value: "72350" }])).toEqual(["84,600", "12,250"]);
    expect(derivedIn(`principal $8,410.00 ${"and so on ".repeat(10)}interest $1,463.55; fees $1,250 and $3,310`, balance)).toEqual([]);
  });

  it("finds a rounder figure as the share of a pay period named beside it, or a month's amount's year", () => {
    // Round 12 red team: `$2,600 gross per biweekly period` of 67,600, `roughly $57/hr` of 118,435, `roughly $37K/yr` of 3,120 a month.
    const salary = [{ ...income, value: "67600" }];
    expect(derivedIn("$2,600 gross per biweekly period; $1,300 weekly; $2,800 semi-monthly", salary)).toEqual(["2,600", "1,300", "2,800"]);
    expect(derivedIn("offered roughly $57/hr", [{ ...income, value: "118435" }])).toEqual(["57"]);
    expect(derivedIn("income of roughly $37K/yr", [{ ...income, value: "3120" }])).toEqual(["37K"]);
    // The same figures without a period named, or another period's share.
    expect(derivedIn("$2,600 deposit; $1,300 monthly; $2,800 in fees", salary)).toEqual([]);
  });

  it("finds a figure of one digit said to be about the amount or its month's share, within 5 %", () => {
    // Round 12 red team: `income level (~$5,000/month)` of 59,870, `damages ... exceed $6 million` of 6,218,430, `roughly $7k` of 7,050.
    // 84,600 a year: $7K a month is 0.7 % off; $80,000 is 5.4 % off and $90K 6.4 %.
    expect(derivedIn("about $7K a month; roughly $80,000; income (~$90K)")).toEqual(["7K"]);
    // The period named before the figure too (round 12 re-judge: `Monthly income is roughly $5K`).
    expect(derivedIn("Monthly income is roughly $7K.")).toEqual(["7K"]);
    expect(derivedIn("damages, which exceed $6 million (>$6M)", [{ ...income, field: "settlement", value: "6218430" }])).toEqual(["6 million", "6M"]);
    expect(derivedIn("arrears of roughly $7k; about $7,000 a month; about $400 a month", [{ ...income, field: "arrears", value: "7050" }])).toEqual(["7k", "7,000"]);
    // Round 13 red team: two digits said to be a floor (a dev trace's `**$2.5M+ settlement**` of 2,577,530), up to 5 % above it.
    expect(derivedIn("a **$2.5M+ settlement**; over $2.5 million; a $2.5M budget; over $2.4M", [{ ...income, field: "settlement", value: "2577530" }])).toEqual(["2.5M", "2.5 million"]);
    // Round 14 red team: or a ceiling (`just under $2.5 million` of 2,438,915), up to 5 % below it.
    expect(derivedIn("just under $2.5 million; below $2.5M; a $2.5M cap; under $2.6M", [{ ...income, field: "settlement", value: "2438915" }])).toEqual(["2.5 million", "2.5M"]);
    // Round 13 red team: a scale word's zeros round in its unit (`approximately $900K` of 912,450 had been read as exact to the thousand).
    expect(derivedIn("approximately $900K; about $800K", [{ ...income, field: "settlement", value: "912450" }])).toEqual(["900K"]);
    // And a record's total rounded so (`Total comp ~$230K` of 227,250).
    const comp = ["158200", "21750", "47300"].map((value): VaultEntry => ({ field: "compensation_details", value, kind: "amount", valueType: "value" }));
    expect(derivedIn("Total comp ~$230K; bonus pool ~$250K", comp)).toEqual(["230K"]);
  });

  it("leaves the value itself, round figures, counts, years and other amounts alone", () => {
    expect(derivedIn("Income $84,600; 12 payments; in 2026; $7K a month; $90/hour; $7,300/month; $5,000; about $9K; over $70,000")).toEqual([]);
    // Bare digits are a year, a count or a piece of an id as often, whatever they equal (48,631 / 24 is 2026.3; a LangSmith run id's `-3525-`).
    expect(derivedIn("Date: Sat, 31 Jan 2026 19:07:33 GMT", [{ ...income, value: "48631" }])).toEqual([]);
    expect(derivedIn('{"id": "01a23be4-3525-7358", "max_loan_at_4x_income": 338400}')).toEqual([]);
    expect(derivedIn("$7,050/month", [{ ...income, kind: "number" }])).toEqual([]);
    expect(derivedIn("$25/month", [{ ...income, value: "300" }])).toEqual([]);
  });

  it("finds the total of a field's several amounts (a record, a transaction history) and its shares", () => {
    // Red team (new finance and HR traces): `totaling $2,588.89` and `total comp $172,440` were the exact sums of the protected amounts.
    const parts = (field: string, values: string[]): VaultEntry[] => values.map((value) => ({ field, value, kind: "amount", valueType: "value" }));
    // A transaction history held as text: its figures are text entries beside the merchants.
    const history = ["412.56", "Whitaker-Lowe", "88.19", "1290.0", "64.73", "733.41"].map((value): VaultEntry => ({ field: "transaction_history", value, kind: "text", valueType: "contextual" }));
    expect(derivedIn("5 charges totaling $2,588.89; largest $1,290.00; average $517.78", history)).toEqual(["2,588.89", "517.78"]);
    // Round 3 red team: the average rounded to the dollar and written to the cent (2,588.89 / 5 = 517.778).
    expect(derivedIn("average $518.00", history)).toEqual(["518.00"]);
    const comp = parts("compensation_details", ["118250", "14190", "40000"]);
    expect(derivedIn("total comp of $172,440 ($14,370 a month); base $9,854.17 a month", comp)).toEqual(["172,440", "14,370", "9,854.17"]);
    // Round 7 red team: the total bare (`TC 172440`, `172440 USD`); a bare number is no share, nor a short one a total.
    expect(derivedIn("TC 172440; total 172440 USD; 14370 a month; 86220 USD", comp)).toEqual(["172440", "172440", "86220"]);
    expect(derivedIn("Ref 14370, code 2440", comp)).toEqual([]);
    // Round 8 red team: the total rounded (`~$86K`, `about $86,100` of 86,135) passed beside the moved parts; a figure not near it stays.
    const rounded = parts("compensation_details", ["71920", "9840", "4375"]);
    expect(derivedIn("Total comp ~$86K, about $86,100; budget $90K; $88,000 cap", rounded)).toEqual(["86K", "86,100"]);
    // Two digits not said to be rounded are anyone's round figure (a dev table's `$110,000` salary beside a 110,456 total).
    expect(derivedIn("| EMP-58231 | $86,000 | $86K+ |", rounded)).toEqual([]);
    const guard = createRecons({ secret: "s", vault: { compensation_details: "{'base': 71920, 'bonus': 9840, 'stock': 4375}" }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Total $86,135, about $86,100 (~$86K).", recipient: "other" }).content as string;
    const [, total, about, thousands] = /^Total \$([\d,]+), about \$([\d,]+) \(~\$(\d+)K\)\.$/.exec(out)!.map((group) => Number(group.replace(/,/g, "")));
    // The surrogate total rounded as each was written, never the real rounding, and never nearer it than the surrogate is.
    expectRoundedAway(about, total, 100, 86100);
    expectRoundedAway(thousands * 1000, total, 1000, 86000);
    // Round 11 red team: a sum of some of a record's amounts (`Base + bonus = $150,826`, `two charges ... total $1,661.99`) gave them back as well.
    const dev = parts("compensation_details", ["116318", "34508", "50563"]);
    expect(derivedIn("Base + bonus = $150,826 (total cash $150.8K); base + stock 166881 USD; $84,826 budget", dev)).toEqual(["150,826", "150.8K", "166881"]);
    const charges = ["871.09", "790.90", "656.25", "606.28", "21.32"].map((value): VaultEntry => ({ field: "transaction_history", value, kind: "text", valueType: "contextual" }));
    expect(derivedIn("The two charges after 11/2 total $1,661.99; all three $2,318.24; fee $1,250.00", charges)).toEqual(["1,661.99", "2,318.24"]);
    // Round 14 re-judge: a figure within the other's rounding is no operand (`$212/day` beside `$1.75M` of 1,750,000).
    expect(derivedIn("31 days × $212/day = $6,572; Demand: $1.75M", [{ ...income, field: "demand", value: "1750000" }])).toEqual([]);
    // Two fields' amounts are no one record's.
    expect(derivedIn("together $98,790", [income, { ...income, field: "bonus", value: "14190" }])).toEqual([]);
    // Round 13 red team: but two fields' amounts summed or subtracted to the cent are both theirs (`Opening Balance (derived):
    // $158,675.63` of a balance and the transaction history's total); not with fewer digits, not two of one record, not far off.
    const balance: VaultEntry = { field: "balance", value: "156230.88", kind: "amount", valueType: "value" };
    const spent = ["1200.50", "1244.25"].map((value): VaultEntry => ({ field: "transaction_history", value, kind: "text", valueType: "contextual" }));
    expect(derivedIn("Opening Balance (derived): $158,675.63; before: $153,786.13; $158,676; other $158,690.00", [balance, ...spent])).toEqual(["158,675.63", "153,786.13", "158,676"]);
    // Round 14 red team: and their sum said to be rounded (`Starting Balance: ~$95.7K`); not rounded without saying so, nor to two digits.
    expect(derivedIn("Starting Balance: ~$158.7K; then $158.7K; about $159K; about $160K", [balance, ...spent])).toEqual(["158.7K", "159K"]);
  });

  it("finds a share of it the text states, of the year or the month", () => {
    // Round 2 red team: `Max monthly housing payment (28% front-end): $2,982` gave an income of 127,800 back (/0.28 x 12).
    const entries: VaultEntry[] = [{ ...income, value: "127800" }];
    expect(derivedIn("Max monthly housing payment (28% front-end): $2,982; at 36% back-end, $3,834; reserve $1,000", entries)).toEqual(["2,982", "3,834"]);
    expect(derivedIn("Max monthly housing payment: $2,982", entries)).toEqual([]);
    const guard = createRecons({ secret: "derived", vault: { income: 127800 }, policy: { fields: {} } });
    expect(guard.sanitizeSync({ channel: "C2", content: "Housing cap (28%): $2,982", recipient: "x" }).content).toBe("Housing cap (28%): $[REDACTED:amount]");
  });

  it("finds the amount after a change by a stated percentage", () => {
    // Round 8 red team: `a 12% raise brings her to $134,400` gave a salary of 120,000 back (/1.12).
    const entries: VaultEntry[] = [{ ...income, value: "120000" }];
    expect(derivedIn("A 12% raise brings her to $134,400; a 10% cut would leave $108,000", entries)).toEqual(["134,400", "108,000"]);
    expect(derivedIn("A raise brings her to $134,400", entries)).toEqual([]);
    expect(derivedIn("A 12% raise brings her to $134,900", entries)).toEqual([]);
  });

  it("finds a year of a monthly amount, a third, and an amount split in the parts the text counts", () => {
    // Round 9 red team: support of $4,850 a month as `$58,200 a year`, `the one-third fee is $625,000`, `6 installments of $212.73`.
    expect(derivedIn("$58,200 a year", [{ ...income, value: "4850" }])).toEqual(["58,200"]);
    expect(derivedIn("the one-third fee is $625,000", [{ ...income, value: "1875000" }])).toEqual(["625,000"]);
    const balance: VaultEntry[] = [{ ...income, value: "1276.38" }];
    expect(derivedIn("Plan: 6 installments of $212.73 (or 4 payments of $319.10)", balance)).toEqual(["212.73", "319.10"]);
    expect(derivedIn("Plan: installments of $212.73", balance)).toEqual([]);
    // Round 10 red team: a stated share paid by pay period or split (`401(k) 6%: $273.23 per pay (26 pays)` of 118,400).
    const salary: VaultEntry[] = [{ ...income, value: "118400" }];
    expect(derivedIn("401(k) 6%: $273.23 per pay (26 pays); 6% biweekly: $273.23", salary)).toEqual(["273.23", "273.23"]);
    expect(derivedIn("401(k): $273.23 per pay", salary)).toEqual([]);
    // A table in thousands or millions (`Figures in $000s: target 1,875` of 1,875,000).
    const settlement: VaultEntry[] = [{ ...income, value: "1875000" }];
    expect(derivedIn("Figures in $000s: target 1,875; floor 1,500.5", settlement)).toEqual(["1,875"]);
    expect(derivedIn("| Item | Amount (in millions) |\n| Target | 1.875 |", settlement)).toEqual(["1.875"]);
    expect(derivedIn("Target 1,875 units", settlement)).toEqual([]);
  });

  it("leaves an amount that is another registered amount itself to that amount's field", () => {
    // A rent of $7,050 is also an income of 84,600's month: the landlord, allowed the rent, gets it as it is.
    const guard = createRecons({ secret: "derived", vault: { income: 84600, rent: 7050 }, policy: { fields: { rent: { authorized: ["landlord"] } } } });
    expect(guard.sanitizeSync({ channel: "C2", content: "Rent: $7,050 a month.", recipient: "landlord" }).content).toBe("Rent: $7,050 a month.");
    expect(guard.sanitizeSync({ channel: "C2", content: "Rent: $7,050 a month.", recipient: "other" }).content).not.toContain("7,050");
  });

  it("finds a rounder month's share said so beside it", () => {
    // Round 3 red team: `approximately $7,700 per month` beside a noised income of 92,412 gave it back (x12).
    const entries: VaultEntry[] = [{ ...income, value: "92412" }];
    expect(derivedIn("Income $92,412, approximately $7,700 per month; monthly: ~$7.7K", entries)).toEqual(["7,700", "7.7K"]);
    expect(derivedIn("A fee of $7,700 for the report", entries)).toEqual([]);
    // Round 3 red team, again: the month named further before it, and a figure rounded to the ten (100,300 / 12 = 8,358.33).
    expect(derivedIn("- **Gross monthly income:** approximately $7,700", entries)).toEqual(["7,700"]);
    expect(derivedIn("Gross monthly income is about $8,360.", [{ ...income, value: "100300" }])).toEqual(["8,360"]);
    const guard = createRecons({ secret: "derived", vault: { income: 100300 }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Income $100,300; gross monthly income is about $8,360.", recipient: "other" }).content as string;
    const [annual, monthly] = out.split(/(?=\$)/).slice(1).map(amountIn);
    // Noised with the income, not redacted: the reader's x12 gives the surrogate to within the rounding.
    expectRoundedAway(monthly, annual / 12, 10, 8360);
  });

  it("finds a third of a round figure's span that holds the amount, redacted as a band", () => {
    // Round 13 re-judge: `the figure currently under discussion is in the low $900,000s` of a 912,450 settlement.
    const settlement: VaultEntry = { ...income, field: "settlement", value: "912450" };
    expect(derivedIn("in the low $900,000s; not the high $900,000s; low 90s; the mid-$80Ks", [settlement])).toEqual(["low $900,000s"]);
    expect(derivedIn("salary in the mid-$80Ks, not the upper 80Ks")).toEqual(["mid-$80Ks"]);
    // Round 14 red team: a scale word (`the high $3 millions` of 3,815,600).
    expect(derivedIn("in the high $3 millions; the low $3 millions", [{ ...settlement, value: "3815600" }])).toEqual(["high $3 millions"]);
    const guard = createRecons({ secret: "s", vault: { settlement: "912450" }, policy: { fields: {} } });
    expect(guard.sanitizeSync({ channel: "C2", content: "It is in the low $900,000s.", recipient: "other" }).content).toBe("It is in the [REDACTED:amount].");
  });

  it("finds an amount in thousands or millions whose unit is in a column's or key's name (round 14 red team: `base_k` over `127.45`)", () => {
    const salary: VaultEntry = { ...income, field: "salary", value: "127450" };
    expect(derivedIn("emp_id,level,base_k,rating\nE40318,L5,127.45,4/5", [salary])).toEqual(["127.45"]);
    expect(derivedIn("field,value\nev_musd,412.5\nother_musd,38.6", [{ ...income, field: "purchase_price", value: "412500000" }])).toEqual(["412.5"]);
    expect(derivedIn('{"emp": "WO", "base_k": 127.45}; base 127.4->133; Version 127.450', [salary])).toEqual(["127.45"]);
    // A column with no unit says nothing of its cells; under one, three digits are the amount to the thousand (round 17 red team: `173` under `Salary ($K)`).
    expect(derivedIn("level,base,rating\nL5,127.45,4", [salary])).toEqual([]);
    expect(derivedIn("name,base_k\nx,127\ny,38", [salary])).toEqual(["127"]);
  });

  it("finds and moves an amount written in `mil` as it does one in `MM` (round 14 red team: `Demand: 1.75 mil`)", () => {
    const guard = createRecons({ secret: "s", vault: { demand_amount: 1750000, purchase_price: 412500000 }, policy: { fields: {} } });
    const { content } = guard.sanitizeSync({ channel: "C2", content: "Demand: 1.75 mil; price $412.5 mil; a 5 mil film", recipient: "other" });
    expect(content).toMatch(/^Demand: \d\.\d\d mil; price \$\d{3}\.\d mil; a 5 mil film$/);
    expect(content).not.toMatch(/1\.75|412\.5/);
  });

  it("finds a figure with a fraction's sign and a scale, redacted as a band (round 14 re-judge: `$412½M`, `$1¾M`)", () => {
    const price: VaultEntry = { ...income, field: "purchase_price", value: "412500000" };
    expect(derivedIn("Headline $412½M; other $400½M; $412¼M", [price])).toEqual(["412½M"]);
    expect(derivedIn("demand $1⅓ million", [{ ...income, field: "demand", value: "1333333" }])).toEqual(["1⅓ million"]);
    const guard = createRecons({ secret: "s", vault: { demand_amount: 1750000 }, policy: { fields: {} } });
    expect(guard.sanitizeSync({ channel: "C2", content: '{"demand": "$1¾M"}', recipient: "other" }).content).toBe('{"demand": "$[REDACTED:amount]"}');
  });

  it("finds a tight band around a record's total, and restores a sealed total for the field's reader (round 14 red team)", () => {
    const comp = ["151300", "25520", "62000"].map((value): VaultEntry => ({ field: "compensation_details", value, kind: "amount", valueType: "value" }));
    expect(derivedIn("Compensation band: $230K–$240K total (base + bonus + stock); band $200K-$210K", comp)).toEqual(["230K–$240K"]);
    const guard = createRecons({ secret: "s", vault: { compensation_details: "{'base': 151300, 'bonus': 25520, 'stock': 62000}" }, policy: { fields: { compensation_details: { authorized: ["hr"] } } } });
    const text = "Total comp ~$240K; band $230K–$240K total";
    const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(written).not.toMatch(/240K|230K/);
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "hr" }).content).toBe(text);
    const other = guard.sanitizeSync({ channel: "C5", content: written, recipient: "other" }).content as string;
    expect(other).not.toContain("~$240K");
    expect(other).not.toContain("$230K–$240K");
  });

  it("finds a tight band around an amount and moves both ends with its noise", () => {
    // Round 3 red team: `Salary band: $145K–$155K` of a 149,990 salary pinned it to ±3.5 % beside the noised one.
    const salary: VaultEntry[] = [{ ...income, field: "salary", value: "149990" }];
    expect(derivedIn("Salary band: $145K–$155K; range $145,000 - $155,000; $145-155K", salary)).toEqual(["145K–$155K", "145,000 - $155,000", "145-155K"]);
    // A wide band, one the amount is outside of, and a range of years tell nothing of it.
    expect(derivedIn("Band $100K-$200K; $150K-$160K; years 2021-2023", salary)).toEqual([]);
    // Round 10 red team: `between $4.7M and $4.9M` passed where `$4.7M–$4.9M` was caught; two amounts joined by `and` alone are no band.
    expect(derivedIn("Paid between $145K and $155K; then $145K and $155K", salary)).toEqual(["145K and $155K"]);
    // (Under some keys an end lands on the salary's own thousand, `150K`, and the backstop redacts it: not this one.)
    const guard = createRecons({ secret: "band", vault: { salary: 149990 }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Salary $149,990, band $145-155K.", recipient: "other" }).content as string;
    const [, shown, low, high] = /^Salary \$([\d,]+), band \$(\d+)-(\d+)K\.$/.exec(out)!;
    // Both ends moved by whole widths nearest the salary's noise (round 6 red team: moved by the noise itself, `$5,000,000–$5,500,000`
    // came out `$4,948,799–$5,448,799` and the surrogate minus the ends' offset was the value): the band holds the surrogate
    // where it held the salary (4,990 above its low end, give or take half a width), not the salary.
    expect(Number(high) - Number(low)).toBe(10);
    expect((Number(low) - 145) % 10).toBe(0);
    const surrogate = Number(shown.replace(/,/g, ""));
    expect(surrogate - Number(low) * 1000).toBeGreaterThanOrEqual(4_990 - 5_000);
    expect(surrogate - Number(low) * 1000).toBeLessThanOrEqual(4_990 + 5_000);
    expect(Number(high) * 1000 < 149_990 || Number(low) * 1000 > 149_990).toBe(true);
  });

  it("shows a rounding of an amount as the surrogate rounded alike, never the rounding moved by the noise", () => {
    // Round 6 red team: `about $143,000` of 143,250 came out `about $145,073` beside `$145,323`: the difference was the rounding's error.
    const guard = createRecons({ secret: "derived", vault: { salary: 143250, income: 100300 }, policy: { fields: {} } });
    const out = guard.sanitizeSync({ channel: "C2", content: "Salary: $143,250 (about $143,000; $143K). Income $100,300, about $8,360 a month.", recipient: "other" }).content as string;
    const [, salary, about, thousands, income, monthly] = /^Salary: \$([\d,]+) \(about \$([\d,]+); \$(\d+)K\)\. Income \$([\d,]+), about \$([\d,]+) a month\.$/.exec(out)!.map((n) => Number(n.replace(/,/g, "")));
    expectRoundedAway(about, salary, 1000, 143000);
    expectRoundedAway(thousands * 1000, salary, 1000, 143000);
    expectRoundedAway(monthly, income / 12, 10, 8360);
  });

  it("reads the computation back at the written resolution", () => {
    expect(derivationOf(writtenAmountValue("34.3K")!, 412_000)).toBe(1 / 12);
    expect(derivationOf(writtenAmountValue("8,116.67")!, 97_400)).toBe(1 / 12);
    expect(derivationOf(writtenAmountValue("8,116.60")!, 97_400)).toBeNull();
  });

  it("shows an unauthorized reader the amounts moved by the noise scaled alike, keeps them for an authorized one, seals them in shared state", () => {
    const guard = createRecons({ secret: "derived", vault: { income: 84600 }, policy: { fields: { income: { authorized: ["lender"] } } } });
    const text = "Annual income: $84,600 (approx. $7,050/month gross). Pre-approval up to $169,200 (2x annual income).";
    const out = guard.sanitizeSync({ channel: "C2", content: text, recipient: "other" }).content as string;
    const [annual, monthly, doubled] = out.split(/(?=\$)/).slice(1).map(amountIn);
    expect(annual).not.toBe(84_600);
    // The reader's arithmetic gives the surrogate, never the value: a month is a twelfth of it, to the dollar, and 2x is twice it.
    expect(Math.abs(monthly * 12 - annual)).toBeLessThanOrEqual(6);
    expect(doubled).toBe(2 * annual);
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "lender" }).content).toBe(text);
    const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(written).not.toContain("7,050");
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "lender" }).content).toBe(text);
  });

  it("redacts a computed amount where its value is not noised, recording why", () => {
    const guard = createRecons({ secret: "derived", vault: { income: 84600 }, policy: { fields: { income: { action: "fpe" } } } });
    const { content, decisions } = guard.sanitizeSync({ channel: "C2", content: "about $7,050/month", recipient: "other" });
    expect(content).toBe("about $[REDACTED:amount]/month");
    expect(decisions.map((decision) => [decision.action, decision.fallback])).toEqual([["redact", "derived-amount-not-noised"]]);
  });
});

describe("a text of thousands of figures and percentages (no prose: a generated table, or input written to stall the guard)", () => {
  it("fails closed past the detector's reads of figures: the text is redacted with the reason recorded", () => {
    const percents = Array.from({ length: 9_000 }, (_, k) => `${(10 + k / 100).toFixed(2)}% of income`).join("; ");
    const figures = Array.from({ length: 700 }, (_, k) => `$${(1_000 + k * 7.13).toFixed(2)}`).join(" and ");
    const guard = createRecons({ secret: "s", vault: { salary: 128227 }, policy: { fields: {} } });
    const { content, decisions } = guard.sanitizeSync({ channel: "C2", content: `${percents}; ${figures}`, recipient: "outsider" });
    expect(content).toBe("[REDACTED:detection-error]");
    expect(decisions.map((decision) => decision.fallback)).toEqual(["detection-error"]);
    expect(decisions[0].reason).toContain("reads of figures in one text");
  });

  it("reads a percentage repeated in a long sentence once per figure, not once per occurrence", () => {
    // 4,000 figures, each beside the same tied percentage: all pairs would be 16 million reads, past the limit.
    const text = Array.from({ length: 4_000 }, () => "19.3% of $1,234").join(" ");
    const guard = createRecons({ secret: "s", vault: { salary: 128227 }, policy: { fields: {} } });
    expect(guard.sanitizeSync({ channel: "C2", content: text, recipient: "outsider" }).content).toBe(text);
  });
});
