import { describe, expect, it } from "vitest";
import { checkAddress, classifyAddress, parseIpv6 } from "./classify-address";

describe("classifyAddress", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["1.1.1.1", "public"],
    ["172.15.255.255", "public"],
    ["172.32.0.1", "public"],
    ["100.63.255.255", "public"],
    ["100.128.0.0", "public"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.255", "cgnat"],
    ["169.254.169.254", "link-local"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "reserved"],
    ["240.0.0.1", "reserved"],
  ])("IPv4 %s → %s", (ip, kind) => {
    expect(classifyAddress(ip)).toMatchObject({ kind, family: 4 });
  });

  it.each([
    ["2606:4700:4700::1111", "public"],
    ["::", "unspecified"],
    ["0:0:0:0:0:0:0:0", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["[::1]", "loopback"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
  ])("IPv6 %s → %s", (ip, kind) => {
    expect(classifyAddress(ip)).toMatchObject({ kind, family: 6 });
  });

  it.each([
    ["::ffff:127.0.0.1", "loopback", "127.0.0.1"],
    ["::ffff:7f00:1", "loopback", "127.0.0.1"],
    ["::FFFF:10.1.2.3", "private", "10.1.2.3"],
    ["0:0:0:0:0:ffff:192.168.0.1", "private", "192.168.0.1"],
    ["::ffff:169.254.169.254", "link-local", "169.254.169.254"],
    ["::ffff:0.0.0.0", "unspecified", "0.0.0.0"],
    ["::ffff:100.64.1.1", "cgnat", "100.64.1.1"],
    ["::ffff:8.8.8.8", "public", "8.8.8.8"],
    ["::127.0.0.1", "loopback", "127.0.0.1"],
    ["64:ff9b::10.0.0.1", "private", "10.0.0.1"],
    ["2002:7f00:1::", "loopback", "127.0.0.1"],
  ])("IPv4 embedded in IPv6 %s → %s", (ip, kind, embeddedIpv4) => {
    expect(classifyAddress(ip)).toEqual({ kind, family: 6, embeddedIpv4 });
  });

  it.each(["", "localhost", "1.2.3", "1.2.3.4.5", "256.1.1.1", "1.2.3.-1", ":::", "1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "::ffff:1.2.3", "g::1"])(
    "%j is invalid",
    (ip) => {
      expect(classifyAddress(ip).kind).toBe("invalid");
    },
  );

  it("parses IPv6 to bytes", () => {
    expect(parseIpv6("1:2:3:4:5:6:7::")).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 0]);
    expect(parseIpv6("::ffff:1.2.3.4")?.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIpv6("1:2:3:4:5:6:7:8::")).toBeUndefined();
  });
});

describe("checkAddress", () => {
  it("allows public addresses and refuses the rest by default", () => {
    expect(checkAddress("93.184.216.34")).toEqual({ ok: true, kind: "public" });
    for (const ip of ["127.0.0.1", "10.0.0.1", "::1", "::ffff:127.0.0.1", "fd00::1", "100.64.0.1", "169.254.169.254", "0.0.0.0", "224.0.0.1"]) {
      expect(checkAddress(ip).ok, ip).toBe(false);
    }
    const r = checkAddress("::ffff:127.0.0.1");
    expect(r.ok === false && r.reason).toMatch(/embeds 127\.0\.0\.1.*loopback.*SNIPPET_LAB_FETCH_ALLOW_PRIVATE/);
  });

  it("allowPrivate opens loopback/private/CGNAT/ULA but never link-local, multicast or unspecified", () => {
    for (const ip of ["127.0.0.1", "10.0.0.1", "::1", "::ffff:192.168.0.1", "fd00::1", "100.64.0.1"]) {
      expect(checkAddress(ip, { allowPrivate: true }).ok, ip).toBe(true);
    }
    for (const ip of ["169.254.169.254", "fe80::1", "0.0.0.0", "::", "ff02::1", "255.255.255.255", "nonsense"]) {
      expect(checkAddress(ip, { allowPrivate: true }).ok, ip).toBe(false);
    }
  });

  it("allowedAddresses opens exact addresses only", () => {
    expect(checkAddress("127.0.0.1", { allowedAddresses: ["127.0.0.1"] }).ok).toBe(true);
    expect(checkAddress("127.0.0.2", { allowedAddresses: ["127.0.0.1"] }).ok).toBe(false);
  });
});
