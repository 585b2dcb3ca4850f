// The member's receipt of a membership payment (worker/services/mail/membership-receipt.ts) in both
// languages: the same texts in each, the tax added (subtotal, tax, total) or named as included, no
// tax lines where none was charged, no renewal date for a membership set to end, the tier's name
// escaped in HTML.
import { describe, expect, it } from "vitest";
import { MEMBERSHIP_RECEIPT_TEXTS, membershipReceiptMail, type MembershipReceiptFacts } from "../../worker/services/mail/membership-receipt";

const shape = (catalog: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(catalog).map(([key, value]) => [key, typeof value === "function" ? `fn/${value.length}` : typeof value]));

const facts = (overrides: Partial<MembershipReceiptFacts> = {}): MembershipReceiptFacts => ({
  tier: "Inner Circle",
  plan: "monthly",
  paidAt: new Date(Date.UTC(2026, 10, 21, 17, 0)),
  currency: "usd",
  totalCents: 2974,
  tax: { cents: 475, jurisdiction: "DE", behavior: "exclusive" },
  renewsAt: new Date(Date.UTC(2026, 11, 21, 17, 0)),
  membershipUrl: "https://fans.example/vip-signup",
  siteUrl: "https://fans.example",
  ...overrides,
});
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the membership receipt", () => {
  it("has the same texts in both languages, every Portuguese one filled in", () => {
    expect(shape(MEMBERSHIP_RECEIPT_TEXTS["pt-BR"])).toEqual(shape(MEMBERSHIP_RECEIPT_TEXTS.en));
    for (const [key, value] of Object.entries(MEMBERSHIP_RECEIPT_TEXTS["pt-BR"])) {
      const text = typeof value === "function" ? (value as (...a: unknown[]) => string)("X", "monthly") : value;
      expect(text.trim(), key).not.toBe("");
    }
  });

  it("says in English what was paid for, the VAT added, the total and the renewal", () => {
    const mail = membershipReceiptMail({ to: "fan@example.com", brandName: "Freestyle Lovers", locale: "en", facts: facts() });
    expect(mail.subject).toBe("Your Freestyle Lovers Inner Circle receipt");
    expect(mail.text).toContain("Paid on November 21, 2026");
    expect(mail.text).toContain("Inner Circle membership, billed monthly\n\nSubtotal: $24.99\nTax (DE): $4.75\nTotal: $29.74");
    expect(mail.text).toContain("Your membership renews on December 21, 2026.");
    expect(mail.text).toContain("https://fans.example/vip-signup");
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it("says in Portuguese a tax included in reais after the total, and no renewal for a membership set to end", () => {
    const mail = membershipReceiptMail({
      to: "fan@example.com",
      brandName: "Freestyle Lovers",
      locale: "pt-BR",
      facts: facts({ plan: "yearly", currency: "brl", totalCents: 129900, tax: { cents: 18875, jurisdiction: "BR", behavior: "inclusive" }, renewsAt: null }),
    });
    expect(nbsp(mail.text)).toContain("Assinatura Inner Circle, cobrada anualmente\n\nTotal: R$ 1.299,00\nImpostos incluídos (BR): R$ 188,75");
    expect(mail.text).not.toContain("Subtotal");
    expect(mail.text).not.toContain("renova em");
  });

  it("has no tax lines where nothing was taxed, and escapes the tier's name in HTML", () => {
    const mail = membershipReceiptMail({
      to: "fan@example.com",
      brandName: "Freestyle Lovers",
      locale: "en",
      facts: facts({ tier: "<b>VIP</b>", totalCents: 999, tax: null }),
    });
    expect(mail.text).toContain("<b>VIP</b> membership, billed monthly\n\nTotal: $9.99\n");
    expect(mail.text).not.toMatch(/Subtotal|Tax/);
    expect(mail.html).toContain("&lt;b&gt;VIP&lt;/b&gt; membership");
    expect(mail.html).not.toContain("<b>VIP</b>");
  });
});
