// The local DEMO tax calculator (worker/contracts/tax-model.ts, decision 093): exact integer cents
// in dollars and reais, tax added (exclusive) or extracted (inclusive), rounded per line and then
// summed (as Stripe Tax rounds its line items), and collected only where the artist is registered.
import { describe, expect, it } from "vitest";
import { computeDemoTax, demoRate, isRegistered, jurisdictionOf, lineTax } from "../../worker/contracts/tax-model";

describe("one line's tax", () => {
  it("adds round(amount x r) when exclusive: 19 % of $9.99 is 189.81 -> 190 cents", () => {
    expect(lineTax(999, 1900, "exclusive")).toBe(190);
    expect(lineTax(1000, 1900, "exclusive")).toBe(190);
    // Half a cent rounds up: 7.25 % of $2.00 = 14.5 -> 15.
    expect(lineTax(200, 725, "exclusive")).toBe(15);
  });

  it("extracts round(gross x r / (1 + r)) when inclusive: R$ 50,00 at 17 % holds R$ 7,26", () => {
    // 5000 x 0.17 / 1.17 = 726.495... -> 726
    expect(lineTax(5000, 1700, "inclusive")).toBe(726);
    // 1190 at 19 % holds exactly 190.
    expect(lineTax(1190, 1900, "inclusive")).toBe(190);
  });

  it("is 0 for a free line or a 0 rate", () => {
    expect(lineTax(0, 1900, "exclusive")).toBe(0);
    expect(lineTax(999, 0, "inclusive")).toBe(0);
  });
});

describe("a cart's demo tax", () => {
  const lines = [
    { kind: "digital_audio", amountCents: 999 },
    { kind: "digital_audio", amountCents: 999 },
    { kind: "event_admission", amountCents: 3000 },
  ] as const;

  it("rounds each line, then sums: two $9.99 downloads and a ticket in Germany (19 %, admission 7 %)", () => {
    const tax = computeDemoTax(lines, { country: "DE", state: null }, "exclusive", ["DE"]);
    // 189.81 -> 190 twice (per line: 380; on the sum it would be 379.62 -> 380 too) and 3000 x 7 % = 210
    expect(tax).toEqual({
      status: "collected",
      jurisdiction: "DE",
      behavior: "exclusive",
      lineTaxCents: [190, 190, 210],
      taxCents: 590,
      netCents: 4998,
      totalCents: 5588,
    });
  });

  it("differs from rounding the sum when the halves add up: three 50-cent lines at 7.25 %", () => {
    const small = [1, 2, 3].map(() => ({ kind: "physical_goods" as const, amountCents: 50 }));
    // 3.625 -> 4 each, 12 in all; the sum's 10.875 would round to 11.
    expect(computeDemoTax(small, { country: "US", state: "CA" }, "exclusive", ["US-CA"]).taxCents).toBe(12);
  });

  it("extracts the tax from inclusive reais in Brazil: the total stays what was shown", () => {
    const tax = computeDemoTax(
      [
        { kind: "physical_goods", amountCents: 12000 },
        { kind: "shipping", amountCents: 2900 },
      ],
      { country: "BR", state: null },
      "inclusive",
      ["BR"],
    );
    // 12000 x 17/117 = 1743.59 -> 1744; 2900 x 17/117 = 421.37 -> 421
    expect(tax).toMatchObject({ lineTaxCents: [1744, 421], taxCents: 2165, netCents: 12735, totalCents: 14900 });
  });

  it("collects nothing where the artist is not registered (France here), and says so", () => {
    const tax = computeDemoTax(lines, { country: "FR", state: null }, "exclusive", ["DE"]);
    expect(tax).toMatchObject({ status: "not_collected", jurisdiction: "FR", taxCents: 0, totalCents: 4998 });
  });

  it("taxes a US buyer by state: registered in the whole US covers California, whose demo table exempts downloads", () => {
    expect(jurisdictionOf({ country: "US", state: "ca" })).toBe("US-CA");
    expect(isRegistered(["US"], "US-CA")).toBe(true);
    expect(isRegistered(["US-NY"], "US-CA")).toBe(false);
    expect(demoRate("US-CA", "digital_audio")).toBe(0);
    const tax = computeDemoTax(
      [
        { kind: "physical_goods", amountCents: 2500 },
        { kind: "digital_audio", amountCents: 999 },
      ],
      { country: "US", state: "CA" },
      "exclusive",
      ["US"],
    );
    expect(tax).toMatchObject({ status: "collected", lineTaxCents: [181, 0], taxCents: 181 });
  });

  it("has no rate for a place outside the demo table", () => {
    expect(computeDemoTax(lines, { country: "JP", state: null }, "inclusive", ["JP"])).toMatchObject({ status: "collected", taxCents: 0 });
  });
});
