import { describe, expect, it } from "vitest";
import { IpRecognizer } from "../../../src/detect/recognizers/ip.js";
import { found, itReportsItsIdentity, itTerminatesOnAdversarialInput } from "./helpers.js";

const ip = new IpRecognizer();

describe("IpRecognizer", () => {
  it("finds IPv4 and IPv6 with exact offsets", () => {
    const text = "from 192.168.1.20 and 2001:db8::8a2e:370:7334, fe80::1.";
    expect(ip.detect(text).map((d) => [d.start, d.end])).toEqual([
      [5, 17],
      [22, 45],
      [47, 54],
    ]);
    expect(found(ip, "mapped ::ffff:192.0.2.1 here")).toEqual(["::ffff:192.0.2.1"]);
  });

  it("finds IPv6 written out in full, without \"::\"", () => {
    expect(found(ip, "host 2001:db8:0:0:1:0:0:1 up")).toEqual(["2001:db8:0:0:1:0:0:1"]);
    expect(found(ip, "tail 0:0:0:0:0:ffff:192.0.2.1 up")).toEqual(["0:0:0:0:0:ffff:192.0.2.1"]);
  });

  it("rejects bad octets, versions, times and words", () => {
    for (const text of ["256.1.1.1", "1.2.3", "v1.2.3.4.5", "at 12:30:45", "std::vector", "add::b", "a 1.2.3.4a"]) {
      expect(found(ip, text)).toEqual([]);
    }
  });

  itReportsItsIdentity(ip, "10.0.0.1");
  itTerminatesOnAdversarialInput(ip);
});
