// The store's order mails (decision 054): the buyer's receipt, in the language they bought in
// (orders.locale), and the admins' "new order" notice, in the back office's notification language.
// Amounts and dates come from format.ts; the buyer's words (an address) are text, escaped in HTML.
import type { Locale } from "#contracts/locale.ts";
import type { OrderTax } from "#contracts/tax-model.ts";
import type { ShippingAddress } from "#contracts/store/checkout.ts";
import { redeemPath } from "#contracts/store/gift-model.ts";
import { escapeHtml } from "../../lib/page-head";
import { mailAmount, mailDate, mailDateTime, mailNumber } from "./format";
import { adminNotice } from "./templates";
import { mailLayout } from "./layout";
import type { MailMessage } from "./types";
import { ticketReceiptParts, type ReceiptTickets } from "./ticket-receipt";

const en = {
  greeting: "Hello,",
  signature: (brand: string) => `— ${brand}`,
  receiptSubject: (number: string, brand: string) => `Your ${brand} order #${number}`,
  receiptIntro: "Thank you for your order! Here is your receipt.",
  orderLine: (number: string, when: string) => `Order #${number}, paid on ${when}`,
  vipPrice: "VIP price",
  tierPrice: (tier: string) => `${tier} price`,
  subtotal: "Subtotal",
  discount: (code: string) => `Discount (${code})`,
  shipping: "Shipping",
  freeShipping: "Free",
  total: "Total",
  taxAdded: (place: string) => `Tax (${place})`,
  taxIncluded: (place: string) => `Includes tax (${place})`,
  tax: "Tax",
  taxNotCollected: "not collected for your location",
  buyerTaxId: "Your tax ID",
  shipsTo: "Ships to",
  shipsNext: "We will e-mail you the tracking number when it ships.",
  shipsFrom: (day: string) => `ships from ${day}`,
  downloadsHeading: "Your downloads",
  downloadsValidity: (days: string) => `These links work for ${days} days. Your collection always has fresh ones.`,
  giftHeading: "Your gift codes",
  giftMonths: (months: string, tier: string) => `${months} month(s) of ${tier}`,
  giftHow: (redeemUrl: string) => `Give a code to a friend: they redeem it, signed in, at ${redeemUrl}`,
  collection: "Everything you bought is in your collection:",
  why: (brand: string) => `You get this e-mail because you placed an order on ${brand}.`,
  adminSubject: (number: string, total: string) => `New order #${number}: ${total}`,
  adminHeading: (brand: string) => `An order was paid on ${brand}.`,
  labelOrder: "Order",
  labelCustomer: "Customer",
  labelItems: "Items",
  labelTotal: "Total",
  labelShipTo: "Ships to",
  labelDate: "Date",
  labelStockShort: "Stock ran out for",
  adminFooter: "See every order in the back office, under Store.",
};

const ptBR: typeof en = {
  greeting: "Olá,",
  signature: (brand) => `— ${brand}`,
  receiptSubject: (number, brand) => `Seu pedido nº ${number} no ${brand}`,
  receiptIntro: "Obrigado pelo seu pedido! Aqui está o seu recibo.",
  orderLine: (number, when) => `Pedido nº ${number}, pago em ${when}`,
  vipPrice: "preço VIP",
  tierPrice: (tier) => `preço ${tier}`,
  subtotal: "Subtotal",
  discount: (code) => `Desconto (${code})`,
  shipping: "Frete",
  freeShipping: "Grátis",
  total: "Total",
  taxAdded: (place) => `Impostos (${place})`,
  taxIncluded: (place) => `Impostos incluídos (${place})`,
  tax: "Impostos",
  taxNotCollected: "não cobrados para a sua localização",
  buyerTaxId: "Seu número fiscal",
  shipsTo: "Entrega em",
  shipsNext: "Enviaremos o código de rastreio por e-mail quando o pedido for despachado.",
  shipsFrom: (day) => `enviado a partir de ${day}`,
  downloadsHeading: "Seus downloads",
  downloadsValidity: (days) => `Estes links valem por ${days} dias. Sua coleção sempre tem links novos.`,
  giftHeading: "Seus códigos para presentear",
  giftMonths: (months, tier) => `${months} mês(es) de ${tier}`,
  giftHow: (redeemUrl) => `Dê um código a um amigo: ele o resgata, conectado, em ${redeemUrl}`,
  collection: "Tudo o que você comprou está na sua coleção:",
  why: (brand) => `Você recebe este e-mail porque fez um pedido no ${brand}.`,
  adminSubject: (number, total) => `Novo pedido nº ${number}: ${total}`,
  adminHeading: (brand) => `Um pedido foi pago no ${brand}.`,
  labelOrder: "Pedido",
  labelCustomer: "Cliente",
  labelItems: "Itens",
  labelTotal: "Total",
  labelShipTo: "Entrega em",
  labelDate: "Data",
  labelStockShort: "Estoque esgotado para",
  adminFooter: "Veja todos os pedidos no painel administrativo, em Loja.",
};

/** A gift's tier in the receipt's language. */
const tierIn = (locale: Locale, tier: { en: string; ptBR: string }) => (locale === "pt-BR" ? tier.ptBR : tier.en);

export const STORE_ORDER_TEXTS: Record<Locale, typeof en> = { en, "pt-BR": ptBR };

/** `shipsFrom`: merch sold before it exists ships from this day (decision 118). */
export type ReceiptLine = { title: string; variantLabel: string | null; quantity: number; totalCents: number; vipPrice?: boolean; shipsFrom?: Date | null };
export type ReceiptDownload = { title: string; links: { format: string; url: string }[] };

export type ReceiptFacts = {
  number: number;
  paidAt: Date;
  currency: string;
  lines: ReceiptLine[];
  subtotalCents: number;
  discountCents: number;
  promoCode: string | null;
  /** null: nothing shipped. */
  shippingCents: number | null;
  totalCents: number;
  /** The order's tax (decision 093): added before the total, or named as included in it; null: none on the order. */
  tax?: OrderTax;
  shipTo: { name: string | null; address: ShippingAddress } | null;
  downloads: ReceiptDownload[];
  linkValidDays: number;
  /** Each with its tier's names (decision 116). */
  giftCodes: { code: string; months: number; tier: { en: string; ptBR: string } }[];
  siteUrl: string;
  /** The order's tickets (decision 055); an order of tickets only has no collection link. */
  tickets?: ReceiptTickets;
  storeLines?: boolean;
  /** The name of the buyer's tier, in the mail's language, whose price a member-priced line paid (absent: "VIP price"). */
  priceTier?: string;
};

const addressLines = (shipTo: NonNullable<ReceiptFacts["shipTo"]>) =>
  [
    shipTo.name,
    shipTo.address.line1,
    shipTo.address.line2,
    [shipTo.address.postalCode, shipTo.address.city, shipTo.address.state].filter(Boolean).join(" "),
    shipTo.address.country,
  ].filter((line): line is string => Boolean(line));

/** The buyer's receipt: lines, amounts, the address, download links, gift codes, the collection. */
export function orderReceiptMail({ to, brandName, locale, order }: { to: string; brandName: string; locale: Locale; order: ReceiptFacts }): MailMessage {
  const t = STORE_ORDER_TEXTS[locale];
  const money = (cents: number) => mailAmount(locale, cents, order.currency);
  const number = String(order.number);
  const lineText = (l: ReceiptLine) =>
    `${mailNumber(locale, l.quantity)} × ${l.title}${l.variantLabel ? ` (${l.variantLabel})` : ""}${l.vipPrice ? ` [${order.priceTier ? t.tierPrice(order.priceTier) : t.vipPrice}]` : ""}: ${money(l.totalCents)}${l.shipsFrom ? ` (${t.shipsFrom(mailDate(locale, l.shipsFrom))})` : ""}`;
  const amounts: [string, string][] = [[t.subtotal, money(order.subtotalCents)]];
  if (order.discountCents > 0) amounts.push([t.discount(order.promoCode ?? ""), `-${money(order.discountCents)}`]);
  if (order.shippingCents !== null) amounts.push([t.shipping, order.shippingCents === 0 ? t.freeShipping : money(order.shippingCents)]);
  const tax = order.tax;
  if (tax && tax.cents > 0 && tax.behavior === "exclusive") amounts.push([t.taxAdded(tax.place ?? ""), money(tax.cents)]);
  amounts.push([t.total, money(order.totalCents)]);
  if (tax && tax.cents > 0 && tax.behavior === "inclusive") amounts.push([t.taxIncluded(tax.place ?? ""), money(tax.cents)]);
  if (tax?.buyerTaxId) amounts.push([t.buyerTaxId, tax.buyerTaxId]);
  if (tax?.status === "not_collected") amounts.push([t.tax, t.taxNotCollected]);
  const collectionUrl = `${order.siteUrl}/collection`;
  const redeemUrl = `${order.siteUrl}/redeem`;

  const text: string[] = [t.greeting, "", t.receiptIntro, "", t.orderLine(number, mailDateTime(locale, order.paidAt)), ""];
  text.push(...order.lines.map(lineText), "", ...amounts.map(([label, value]) => `${label}: ${value}`));
  if (order.shipTo) text.push("", `${t.shipsTo}:`, ...addressLines(order.shipTo), t.shipsNext);
  if (order.downloads.length) {
    text.push("", `${t.downloadsHeading}:`);
    for (const d of order.downloads) text.push(d.title, ...d.links.map((l) => `  ${l.format.toUpperCase()}: ${l.url}`));
    text.push(t.downloadsValidity(mailNumber(locale, order.linkValidDays)));
  }
  if (order.giftCodes.length) {
    text.push(
      "",
      `${t.giftHeading}:`,
      ...order.giftCodes.map((g) => `${g.code} (${t.giftMonths(mailNumber(locale, g.months), tierIn(locale, g.tier))}): ${order.siteUrl}${redeemPath(g.code)}`),
      t.giftHow(redeemUrl),
    );
  }
  const tickets = order.tickets ? ticketReceiptParts(locale, order.tickets) : { text: [], html: [] };
  text.push(...tickets.text);
  if (order.storeLines !== false) text.push("", t.collection, collectionUrl);
  text.push("", t.signature(brandName));

  const e = escapeHtml;
  const link = (url: string, label: string) => `<a href="${e(url)}">${e(label)}</a>`;
  const html: string[] = [
    `<div lang="${locale}">`,
    `<p>${e(t.receiptIntro)}</p>`,
    `<h1 style="font-size:18px">${e(t.orderLine(number, mailDateTime(locale, order.paidAt)))}</h1>`,
    `<ul>${order.lines.map((l) => `<li>${e(lineText(l))}</li>`).join("")}</ul>`,
    `<table>${amounts.map(([label, value]) => `<tr><th align="left" style="padding-right:12px">${e(label)}</th><td>${e(value)}</td></tr>`).join("")}</table>`,
  ];
  if (order.shipTo)
    html.push(`<h2 style="font-size:16px">${e(t.shipsTo)}</h2><p>${addressLines(order.shipTo).map(e).join("<br>")}</p><p>${e(t.shipsNext)}</p>`);
  if (order.downloads.length) {
    html.push(`<h2 style="font-size:16px">${e(t.downloadsHeading)}</h2><ul>`);
    for (const d of order.downloads) html.push(`<li>${e(d.title)}: ${d.links.map((l) => link(l.url, l.format.toUpperCase())).join(" · ")}</li>`);
    html.push(`</ul><p>${e(t.downloadsValidity(mailNumber(locale, order.linkValidDays)))}</p>`);
  }
  if (order.giftCodes.length) {
    html.push(`<h2 style="font-size:16px">${e(t.giftHeading)}</h2><ul>`);
    html.push(
      ...order.giftCodes.map(
        (g) => `<li>${link(`${order.siteUrl}${redeemPath(g.code)}`, g.code)} (${e(t.giftMonths(mailNumber(locale, g.months), tierIn(locale, g.tier)))})</li>`,
      ),
    );
    html.push(`</ul><p>${e(t.giftHow(redeemUrl))}</p>`);
  }
  html.push(...tickets.html);
  if (order.storeLines !== false) html.push(`<p>${e(t.collection)} ${link(collectionUrl, collectionUrl)}</p>`);
  html.push(`<p>${e(t.signature(brandName))}</p>`, "</div>");
  const subject = t.receiptSubject(number, brandName);
  // In the frame the site's other designed mails share (brand, card, footer).
  const framed = mailLayout({
    locale,
    title: subject,
    brandName,
    siteUrl: order.siteUrl,
    body: html.join("\n"),
    footer: `<p style="margin:0;">${e(t.why(brandName))}</p>`,
  });
  return { to, subject, text: text.join("\n"), html: framed };
}

export type NewOrderFacts = {
  number: number;
  email: string;
  items: number;
  totalCents: number;
  currency: string;
  /** The country shipped to (alpha-2), when anything ships. */
  shipTo: string | null;
  /** SKUs whose stock ran out before a late payment (see order-fulfilment.ts). */
  stockShort: string[];
};

/** To the site's admin: an order was paid. */
export function newOrderNotificationMail({
  to,
  brandName,
  locale,
  order,
  at,
}: {
  to: string;
  brandName: string;
  locale: Locale;
  order: NewOrderFacts;
  at: Date;
}): MailMessage {
  const t = STORE_ORDER_TEXTS[locale];
  const total = mailAmount(locale, order.totalCents, order.currency);
  const rows: [string, string][] = [
    [t.labelOrder, `#${order.number}`],
    [t.labelCustomer, order.email],
    [t.labelItems, mailNumber(locale, order.items)],
    [t.labelTotal, total],
  ];
  if (order.shipTo) rows.push([t.labelShipTo, order.shipTo]);
  if (order.stockShort.length) rows.push([t.labelStockShort, order.stockShort.join(", ")]);
  rows.push([t.labelDate, mailDateTime(locale, at)]);
  return adminNotice({ to, locale, subject: t.adminSubject(String(order.number), total), heading: t.adminHeading(brandName), rows, footer: t.adminFooter });
}
