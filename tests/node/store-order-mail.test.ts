// The store's order mails (worker/services/mail/store-order.ts) in both languages: the same texts
// in each, amounts and dates written each language's way (never a raw ISO time), the buyer's
// address text escaped in HTML, and only the parts an order has.
import { describe, expect, it } from "vitest";
import { newOrderNotificationMail, orderReceiptMail, STORE_ORDER_TEXTS, type ReceiptFacts } from "../../worker/services/mail/store-order";
import { renderCampaignMail } from "../../worker/services/mail/campaign";

const shape = (catalog: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(catalog).map(([key, value]) => [key, typeof value === "function" ? `fn/${value.length}` : typeof value]));

const order = (overrides: Partial<ReceiptFacts> = {}): ReceiptFacts => ({
  number: 1042,
  paidAt: new Date(Date.UTC(2026, 2, 5, 23, 30)),
  currency: "usd",
  lines: [
    { title: "Tour Shirt", variantLabel: "M / Black", quantity: 2, totalCents: 5000, vipPrice: true },
    { title: "Freestyle Nights", variantLabel: null, quantity: 1, totalCents: 900 },
  ],
  subtotalCents: 5900,
  discountCents: 750,
  promoCode: "TOUR15",
  shippingCents: 0,
  totalCents: 5150,
  shipTo: { name: "Ana <Souza>", address: { line1: "Rua Augusta 100", line2: null, city: "São Paulo", state: "SP", postalCode: "01305-000", country: "BR" } },
  downloads: [{ title: "Freestyle Nights", links: [{ format: "mp3", url: "https://fans.example/api/store/downloads/a.b.c" }] }],
  linkValidDays: 7,
  giftCodes: [
    { code: "GIFT-ABCD-EFGH-JKLM", months: 3, tier: { en: "VIP", ptBR: "VIP" } },
    { code: "GIFT-NPQR-STUV-WXYZ", months: 1, tier: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
  ],
  siteUrl: "https://fans.example",
  ...overrides,
});

describe("store order mails", () => {
  it("have the same texts in both languages, every Portuguese one filled in", () => {
    expect(shape(STORE_ORDER_TEXTS["pt-BR"])).toEqual(shape(STORE_ORDER_TEXTS.en));
    for (const [key, value] of Object.entries(STORE_ORDER_TEXTS["pt-BR"])) {
      const text = typeof value === "function" ? (value as (...a: string[]) => string)("X", "Y") : value;
      expect(text.trim(), key).not.toBe("");
    }
  });

  it("write the receipt in English: lines, amounts, free shipping, address, downloads, gift codes, collection", () => {
    const mail = orderReceiptMail({ to: "fan@example.com", brandName: "Freestyle Lovers", locale: "en", order: order() });
    expect(mail.subject).toBe("Your Freestyle Lovers order #1042");
    expect(mail.text).toContain("Order #1042, paid on March 5, 2026");
    expect(mail.text).toContain("2 × Tour Shirt (M / Black) [VIP price]: $50.00");
    expect(mail.text).toContain("Discount (TOUR15): -$7.50");
    expect(mail.text).toContain("Shipping: Free");
    expect(mail.text).toContain("Total: $51.50");
    expect(mail.text).toContain("Ships to:\nAna <Souza>\nRua Augusta 100\n01305-000 São Paulo SP\nBR");
    expect(mail.text).toContain("  MP3: https://fans.example/api/store/downloads/a.b.c");
    expect(mail.text).toContain("These links work for 7 days.");
    expect(mail.text).toContain("GIFT-ABCD-EFGH-JKLM (3 month(s) of VIP)");
    // Each code names its tier (decision 116).
    expect(mail.text).toContain("GIFT-NPQR-STUV-WXYZ (1 month(s) of Inner Circle)");
    expect(mail.text).toContain("https://fans.example/redeem");
    expect(mail.text).toContain("https://fans.example/collection");
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(mail.html).toContain("Ana &lt;Souza&gt;");
    expect(mail.html).not.toContain("<Souza>");
    expect(mail.html).toContain('<a href="https://fans.example/api/store/downloads/a.b.c">MP3</a>');
  });

  it("write the receipt in Portuguese, with reais, and leave out what the order does not have", () => {
    const mail = orderReceiptMail({
      to: "fan@example.com",
      brandName: "Freestyle Lovers",
      locale: "pt-BR",
      order: order({ currency: "brl", discountCents: 0, promoCode: null, shippingCents: null, shipTo: null, downloads: [], giftCodes: [], totalCents: 5900 }),
    });
    expect(mail.subject).toBe("Seu pedido nº 1042 no Freestyle Lovers");
    expect(mail.text).toContain("pago em 5 de março de 2026");
    expect(mail.text).toMatch(/Total: R\$\s59,00/);
    for (const absent of ["Desconto", "Frete", "Entrega em", "Seus downloads", "para presentear"]) expect(mail.text).not.toContain(absent);
  });

  it("name each gift code's tier in Portuguese", () => {
    const mail = orderReceiptMail({ to: "fan@example.com", brandName: "Freestyle Lovers", locale: "pt-BR", order: order() });
    expect(mail.text).toContain("Seus códigos para presentear");
    expect(mail.text).toContain("GIFT-ABCD-EFGH-JKLM (3 mês(es) de VIP)");
    expect(mail.text).toContain("GIFT-NPQR-STUV-WXYZ (1 mês(es) de Círculo Íntimo)");
    expect(mail.html).toContain("1 mês(es) de Círculo Íntimo");
  });

  it("draw a ticket receipt, in each language, in the frame the campaign mails share: brand, card, footer", () => {
    const campaign = renderCampaignMail({
      blocks: [],
      subject: "News",
      locale: "en",
      brandName: "Freestyle Lovers",
      siteUrl: "https://fans.example",
      contactLine: "x",
      unsubscribeUrl: "https://fans.example/u",
      preferencesUrl: "https://fans.example/p",
    }).html;
    // The frame's opening up to its body cell, as the campaign has it.
    const frameOf = (html: string) => html.slice(0, html.indexOf('<tr><td style="padding:8px 24px 8px'));
    const tickets = {
      tickets: [
        {
          code: "TKT-AAAA-BBBB",
          token: "t",
          eventTitle: "Neon Night",
          eventDate: new Date(Date.UTC(2027, 2, 13, 1)),
          timeZone: "America/New_York",
          typeName: "General",
        },
      ],
      notIssued: [],
      ticketsUrl: "https://fans.example/tickets",
      guest: false,
    };
    const facts = order({ lines: [], downloads: [], giftCodes: [], shipTo: null, shippingCents: null, discountCents: 0, tickets, storeLines: false });
    for (const locale of ["en", "pt-BR"] as const) {
      const mail = orderReceiptMail({ to: "fan@example.com", brandName: "Freestyle Lovers", locale, order: facts });
      const html = mail.html ?? "";
      expect(frameOf(html)).toBe(frameOf(campaign).replace('lang="en"', `lang="${locale}"`).replace("<title>News</title>", `<title>${mail.subject}</title>`));
      expect(html).toMatch(/<\/body><\/html>$/);
      expect(html).toContain("TKT-AAAA-BBBB");
      expect(html).toContain(STORE_ORDER_TEXTS[locale].why("Freestyle Lovers"));
    }
  });

  it("write the admins' notice in each language, naming stock that ran out", () => {
    const facts = { number: 1042, email: "fan@example.com", items: 3, totalCents: 5150, currency: "usd", shipTo: "BR", stockShort: ["SKU-M"] };
    const en = newOrderNotificationMail({ to: "admin@example.com", brandName: "Freestyle Lovers", locale: "en", order: facts, at: new Date(0) });
    expect(en.subject).toBe("New order #1042: $51.50");
    expect(en.text).toContain("Stock ran out for: SKU-M");
    const pt = newOrderNotificationMail({
      to: "admin@example.com",
      brandName: "Freestyle Lovers",
      locale: "pt-BR",
      order: { ...facts, stockShort: [] },
      at: new Date(0),
    });
    expect(pt.subject).toMatch(/^Novo pedido nº 1042: US\$\s51,50$/);
    expect(pt.text).toContain("Itens: 3");
    expect(pt.text).not.toContain("Estoque esgotado");
  });
});
