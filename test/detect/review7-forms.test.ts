import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReconsGuard } from "../../src/guard.js";
import { deliverText, readerGuard } from "../helpers/reader-guard.js";

const guardFor = (vault: Record<string, string | number>, secret = "review7-secret") => readerGuard(vault, secret);
const deliver = (guard: ReconsGuard, content: string, recipient: string) => deliverText(guard, content, recipient, "C3");

describe("review 7: escaped values (URL percent runs, JSON \\u and \\n escapes, HTML character references)", () => {
  it.each([
    [{ email: "maria.gonzalez@example.com" }, "GET /api/customers?email=maria.gonzalez%40example.com", ["maria.gonzalez", "gonzalez%40"]],
    [{ email: "maria.gonzalez@example.com" }, '<a href="mailto:maria.gonzalez&#64;example.com">write</a>', ["maria.gonzalez"]],
    [{ email: "maria.gonzalez@example.com" }, '{"email":"maria.gonzalez\\u0040example.com"}', ["maria.gonzalez"]],
    [{ patient_name: "Gregory Olson" }, "https://crm.example.com/search?name=Gregory%20Olson", ["Gregory", "Olson"]],
    [{ client_name: "José García" }, '{"client": "Jos\\u00e9 Garc\\u00eda"}', ["Jos", "Garc"]],
    [{ ssn: "985-71-8578" }, '{"ssn":"985\\u002d71\\u002d8578"}', ["985", "8578"]],
    [{ ssn: "985-71-8578" }, "SSN 985&#45;71&#x2d;8578", ["985", "8578"]],
    [{ client_name: "Patrick O'Brien" }, "Patrick O&#39;Brien called", ["Patrick", "Brien"]],
    [{ address: "466 Winters Brook, East Alexis, AL 35871" }, '{"address": "466 Winters Brook,\\nEast Alexis, AL 35871"}', ["Winters", "Alexis", "35871"]],
  ])("%j: %s reaches an unauthorized reader without the value", (vault, text, raws) => {
    const out = deliver(guardFor(vault), text, "introduced");
    for (const raw of raws) expect(out).not.toContain(raw);
  });

  it("an operator gets the value the escapes stand for: the surrogate is well-formed, not enciphered escape digits", () => {
    const guard = guardFor({ ssn: "985-71-8578", email: "maria.gonzalez@example.com" });
    expect(deliver(guard, '{"ssn":"985\\u002d71\\u002d8578"}', "introduced")).toMatch(/^\{"ssn":"\d{3}-\d{2}-\d{4}"\}$/);
    expect(deliver(guard, "?email=maria.gonzalez%40example.com", "introduced")).toMatch(/^\?email=[a-z.]+%40[a-z.]+$/);
  });

  it("writes a surrogate percent-encoded where the value was, and restores it so", () => {
    const guard = guardFor({ patient_name: "Gregory Olson", ssn: "985-71-8578", email: "maria.gonzalez@example.com" });
    const url = "https://crm.example.com/search?name=Gregory%20Olson&ssn=985%2d71%2d8578&email=maria.gonzalez%40example.com";
    const out = deliver(guard, url, "introduced");
    expect(out).toMatch(/^https:\/\/crm\.example\.com\/search\?name=[A-Z][a-z]+%20[A-Z][a-z]+&ssn=\d{3}%2d\d{2}%2d\d{4}&email=[a-z.]+%40[a-z.]+$/);
    expect(deliver(guard, out, "reader")).toBe(url);
    const stored = guard.sanitizeSync({ channel: "C5", content: url }, { reversible: true }).content as string;
    expect(stored).not.toContain("Olson");
    expect(guard.restore(stored, "reader", "C5")).toBe(url);
  });

  it("leaves escapes that stand for no value alone, and the authorized reader's text as it is", () => {
    const guard = guardFor({ ssn: "985-71-8578" });
    const text = 'Path C:\\\\new\\\\file, 50% off, "a\\nb", AT&amp;T, https://x.test/?q=a%20b';
    expect(deliver(guard, text, "introduced")).toBe(text);
    expect(deliver(guard, '{"ssn":"985\\u002d71\\u002d8578"}', "reader")).toBe('{"ssn":"985\\u002d71\\u002d8578"}');
  });
});

describe("review 7: addresses with a unit, a spelled-out state, or split into labelled parts", () => {
  const address = "466 Winters Brook Apt. 862, East Alexis, AL 35871";
  it.each([
    ["Street: 466 Winters Brook", ["Winters"]],
    ["Address: 466 Winters Brook, East Alexis, AL 35871", ["Winters", "Alexis", "35871"]],
    ["Address: 466 Winters Brook #862, East Alexis, AL 35871", ["Winters", "862", "Alexis"]],
    ["Address: 466 Winters Brook Unit 862, East Alexis, AL 35871", ["Winters", "862", "Alexis"]],
    ["Address: 466 Winters Brook Apartment 862, East Alexis, Alabama 35871", ["Winters", "Alexis", "35871"]],
    ['{"street": "466 Winters Brook Apt. 862", "city": "East Alexis", "state": "AL", "zip": "35871"}', ["Winters", "Alexis", "35871"]],
    ["City: East Alexis\nState: AL\nZIP: 35871", ["Alexis", "35871"]],
  ])("%s reaches an unauthorized reader without the address", (text, raws) => {
    const out = deliver(guardFor({ address }), text, "introduced");
    for (const raw of raws) expect(out).not.toContain(raw);
  });

  it("a state spelled out is the state code's address", () => {
    const guard = guardFor({ home_address: "1234 Elm Street, Springfield, IL 62704" });
    expect(deliver(guard, "1234 Elm St, Springfield, Illinois 62704", "introduced")).not.toMatch(/Springfield|62704/);
  });
});

describe("review 7: a name part alone, written and read back", () => {
  const roundTrip = (guard: ReturnType<typeof guardFor>, text: string) => {
    const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    return { written, read: guard.sanitizeSync({ channel: "C5", content: written, recipient: "reader" }).content };
  };

  it.each([
    ["Ralph Kemp", "Ralph will testify on Monday."],
    ["Adrian Lynn", "Adrian will testify on Monday."],
    ["Kevin Thompson", "Thompson was seen on Monday."],
    ["Amy Anderson", "Anderson was seen on Monday."],
  ])("a pseudonym part opening a sentence (an ordinary word, say) restores for the authorized reader (%s)", (name, text) => {
    const { written, read } = roundTrip(guardFor({ patient_name: name }), text);
    expect(written).not.toBe(text);
    expect(read).toBe(text);
  });

  it("a first name after a day or month is the person's, not part of another name", () => {
    const guard = guardFor({ patient_name: "Ralph Kemp" });
    expect(deliver(guard, "On Monday Ralph will testify.", "introduced")).not.toContain("Ralph");
    expect(roundTrip(guard, "On Monday Ralph will testify.").read).toBe("On Monday Ralph will testify.");
  });
});

describe("review 7: a birth year alone, written and read back", () => {
  it.each(["She was born in 1957.", "Year of birth: 1957", "age 68 (born 1957)"])("%s restores for the authorized reader", (text) => {
    const guard = guardFor({ dob: "1957-07-28" });
    const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(written).not.toContain("1957");
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "reader" }).content).toBe(text);
  });
});

describe("review 7: a short registered number (a score)", () => {
  it.each(["Payment is due within 30 days.", "Meeting at 10:30 am.", "Enter the 16-digit card number.", "FICO rules: 30 days late"])("is left alone in ordinary text: %s", (text) => {
    const guard = guardFor({ fraud_score: "30", credit_score: 16 });
    expect(deliver(guard, text, "introduced")).toBe(text);
  });

  it.each([
    ["the credit score of Pedro Stevenson, which is 773, as a reference", "773"],
    ["Your **773 credit score** remains strong.", "773"],
    ["- **Credit Score (Est.):** 773 (Fair)", "773"],
    ['{"credit_score": 773}', "773"],
    ["FICO: 773 (good standing)", "773"],
  ])("is protected with its field's label near it: %s", (text, raw) => {
    expect(deliver(guardFor({ credit_score: 773 }), text, "introduced")).not.toContain(raw);
  });
});

describe("review 7: a name written with other accents or case, or with a short first name", () => {
  it.each([
    ["Michael Gonzalez", "Client Michael González called.", "Client Michael Gonzalez called."],
    ["José García", "Client: Jose Garcia", "Client: José García"],
    ["Gregory Olson", "Patient Greg Olson was seen.", "Patient Gregory Olson was seen."],
    ["William Santiago", "Bill Santiago disputes the charge.", "William Santiago disputes the charge."],
    // A suffix or title on the registered name: the short form gets the pseudonym of its first name and surname.
    ["Robert Pearson II", "Bob Pearson was promoted.", "Robert Pearson was promoted."],
    ["Dr. Gregory Olson", "Greg Olson signed.", "Gregory Olson signed."],
    // A short form the nickname table lacks (`Gabi`), and a nickname with the surname's initial.
    ["Gabriela Beard", "Gabi Beard called.", "Gabriela Beard called."],
    ["Robert Pearson", "Then Bob P. asked.", "Then Robert P. asked."],
    // Round 10 red team: `Bea` of Beatriz passed.
    ["Beatriz Castellanos", "Bea (B2) signed.", "Beatriz (B2) signed."],
  ])("gets the registered name's pseudonym, so the authorized reader gets the registered name back (%s)", (name, text, restored) => {
    const guard = guardFor({ client_name: name });
    const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(written).not.toMatch(/Gonz|Garc|Olson|Santiago|Pearson|Bob|Gabi|Beard| P\.|Bea|Castellanos/);
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "reader" }).content).toBe(restored);
  });
});

describe("review 7: dates with a two-digit year", () => {
  it.each([
    ["DOB: July 28, '57", /'57|July 28/],
    ["DOB: 28 Jul 57", /Jul 57|28 Jul/],
    ["DOB: 7/28/57", /7\/28\/57/],
    ["DOB: 07/28/57", /07\/28\/57/],
  ])("%s reaches an unauthorized reader as a well-formed surrogate date, and restores", (text, raw) => {
    const guard = guardFor({ dob: "1957-07-28" });
    const out = deliver(guard, text, "introduced");
    expect(out).not.toMatch(raw);
    expect(out).toMatch(/^DOB: [\w ,/']+$/);
    // Written the same way: numbers where numbers were (unpadded, a month of 10-12 takes two digits), a month name where one was.
    const shape = (date: string) => date.replace(/\d+/g, "9").replace(/\b(?:January|February|March|April|May|June|July|August|September|October|November|December|[A-Z][a-z]{2})\b(?!:)/g, "M");
    expect(shape(out)).toBe(shape(text));
    const written = guard.sanitizeSync({ channel: "C5", content: text }, { reversible: true }).content as string;
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "reader" }).content).toMatch(/^DOB: (July|Jul|7|07)\W+28\W+'?57$|^DOB: 28 (Jul|July) 57$/);
  });
});

describe("review 7: a surname of parts written as one word", () => {
  it("OBrien of O'Brien is the name, and restores", () => {
    const guard = guardFor({ client_name: "Patrick O'Brien" });
    for (const text of ["Client: Patrick OBrien", "Dear Mr. OBrien,"]) expect(deliver(guard, text, "introduced")).not.toMatch(/Patrick|OBrien/);
    const written = guard.sanitizeSync({ channel: "C5", content: "Dear Mr. OBrien," }, { reversible: true }).content as string;
    expect(guard.sanitizeSync({ channel: "C5", content: written, recipient: "reader" }).content).toBe("Dear Mr. O'Brien,");
  });
});

describe("review 7: letters and digits outside the BMP", () => {
  it("mathematical bold digits and letters are the ones they show (surrogate pairs folded as one character)", () => {
    const guard = guardFor({ ssn: "985-71-8578", patient_name: "Gregory Olson" });
    expect(deliver(guard, "SSN: 𝟗𝟖𝟓-𝟕𝟏-𝟖𝟓𝟕𝟖 on file", "introduced")).toMatch(/^SSN: \d{3}-\d{2}-\d{4} on file$/);
    const name = deliver(guard, "Patient: 𝐆𝐫𝐞𝐠𝐨𝐫𝐲 𝐎𝐥𝐬𝐨𝐧.", "introduced");
    expect(name).not.toMatch(/𝐆|𝐎/u);
    expect(name).toMatch(/^Patient: [A-Z][a-z]+ [A-Z][a-z]+\.$/);
    const text = "Emoji 😀 and 𝄞 stay.";
    expect(deliver(guard, text, "introduced")).toBe(text);
  });
});

describe("property: values percent-encoded in a URL", () => {
  it("reach no unauthorized reader decoded, stay encoded where they were, and come back exactly", () => {
    const names = ["Gregory Olson", "Latoya Ferguson", "José García", "Dwayne Sanchez"];
    const dates = ["July 28, 1957", "1948-08-24", "08/24/1948"];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.stringMatching(/^[1-6]\d{2}-[1-9]\d-\d{4}$/), fc.constantFrom(...dates), fc.boolean(), (name, ssn, dob, encodeAll) => {
        const email = `${name.split(" ")[1].normalize("NFD").replace(/[^a-z]/gi, "").toLowerCase()}@example.com`;
        const guard = guardFor({ client_name: name, ssn, dob, email });
        const encode = (value: string) => (encodeAll ? value.replace(/[^A-Za-z0-9]/g, (c) => encodeURIComponent(c) === c ? `%${c.charCodeAt(0).toString(16).toUpperCase()}` : encodeURIComponent(c)) : encodeURIComponent(value));
        const url = `https://crm.example.com/find?name=${encode(name)}&ssn=${encode(ssn)}&dob=${encode(dob)}&email=${encode(email)}`;
        const out = deliver(guard, url, "introduced");
        const decoded = decodeURIComponent(out);
        for (const raw of [name, ssn, dob, email]) expect(decoded).not.toContain(raw);
        expect(out).not.toMatch(/[\s,@]/);
        expect(deliver(guard, out, "reader")).toBe(url);
        expect(deliver(guard, url, "reader")).toBe(url);
        const stored = guard.sanitizeSync({ channel: "C5", content: url }, { reversible: true }).content as string;
        expect(guard.restore(stored, "reader", "C5")).toBe(url);
      }),
      { numRuns: 40 },
    );
  });
});
