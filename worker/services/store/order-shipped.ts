// "Your order has shipped": the buyer's mail in the language they bought in (the order's locale),
// with the carrier, the tracking number and its link, and for a member the notification too
// (keyed by the order, so it is sent once however often it is asked for).
import type { AppEnv } from "../../env";
import { readConfig } from "../../env";
import type { DB } from "../../db/client";
import { isLocale, type Locale } from "#contracts/locale.ts";
import { escapeHtml } from "../../lib/page-head";
import { mailNumber } from "../mail/format";
import { createMailService, type MailMessage } from "../mail";
import { notifyMembers } from "../notifications";

/** Where a buyer follows their orders (the collection lists them with their tracking links). */
export const COLLECTION_PATH = "/collection";

export type ShippedOrder = {
  id: string;
  number: number;
  email: string;
  locale: string;
  userId: string | null;
  /** What went into the parcel: the merch lines. */
  items: { title: string; variantLabel: string | null; quantity: number }[];
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
};

type Texts = {
  subject: (number: string) => string;
  greeting: string;
  intro: (number: string) => string;
  items: string;
  carrier: string;
  tracking: string;
  track: string;
  noLink: string;
  collection: string;
  thanks: (brand: string) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (n) => `Your order ${n} has shipped`,
    greeting: "Hi,",
    intro: (n) => `Good news: your order ${n} is on its way.`,
    items: "In the parcel",
    carrier: "Carrier",
    tracking: "Tracking number",
    track: "Track your parcel",
    noLink: "Use the tracking number on the carrier's website.",
    collection: "Your orders, with their tracking links, are also in your collection:",
    thanks: (brand) => `Thank you for supporting ${brand}!`,
  },
  "pt-BR": {
    subject: (n) => `Seu pedido ${n} foi enviado`,
    greeting: "Olá,",
    intro: (n) => `Boa notícia: seu pedido ${n} está a caminho.`,
    items: "No pacote",
    carrier: "Transportadora",
    tracking: "Código de rastreio",
    track: "Rastreie seu pacote",
    noLink: "Use o código de rastreio no site da transportadora.",
    collection: "Seus pedidos, com os links de rastreio, também estão na sua coleção:",
    thanks: (brand) => `Obrigado por apoiar ${brand}!`,
  },
};

export function orderShippedMail({ order, brandName, collectionUrl }: { order: ShippedOrder; brandName: string; collectionUrl: string }): MailMessage {
  const locale: Locale = isLocale(order.locale) ? order.locale : "en";
  const t = TEXTS[locale];
  const number = `#${order.number}`;
  const items = order.items.map((i) => `${mailNumber(locale, i.quantity)} × ${i.title}${i.variantLabel ? ` (${i.variantLabel})` : ""}`);
  const text = [
    t.greeting,
    "",
    t.intro(number),
    "",
    `${t.items}:`,
    ...items.map((i) => `- ${i}`),
    "",
    `${t.carrier}: ${order.carrier}`,
    `${t.tracking}: ${order.trackingNumber}`,
    order.trackingUrl ? `${t.track}: ${order.trackingUrl}` : t.noLink,
    "",
    t.collection,
    collectionUrl,
    "",
    t.thanks(brandName),
  ].join("\n");
  const html = [
    `<p lang="${locale}">${escapeHtml(t.greeting)}</p>`,
    `<p>${escapeHtml(t.intro(number))}</p>`,
    `<p>${escapeHtml(t.items)}:</p>`,
    `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`,
    `<p>${escapeHtml(t.carrier)}: ${escapeHtml(order.carrier)}<br>${escapeHtml(t.tracking)}: ${escapeHtml(order.trackingNumber)}</p>`,
    order.trackingUrl ? `<p><a href="${escapeHtml(order.trackingUrl)}">${escapeHtml(t.track)}</a></p>` : `<p>${escapeHtml(t.noLink)}</p>`,
    `<p>${escapeHtml(t.collection)} <a href="${escapeHtml(collectionUrl)}">${escapeHtml(collectionUrl)}</a></p>`,
    `<p>${escapeHtml(t.thanks(brandName))}</p>`,
  ].join("\n");
  return { to: order.email, subject: t.subject(number), text, html };
}

/**
 * Mails the buyer and, when they have an account, notifies them. Answers whether the mail was
 * accepted: the order is shipped either way, and the back office says when the mail did not go.
 */
export async function announceOrderShipped(env: AppEnv, db: DB, order: ShippedOrder, origin: string): Promise<boolean> {
  let mailed = true;
  try {
    const mail = orderShippedMail({ order, brandName: readConfig(env).BRAND_NAME, collectionUrl: `${origin}${COLLECTION_PATH}` });
    await createMailService(env, db).send(mail);
  } catch (err) {
    console.error(`store: the shipping mail of order ${order.id} was not accepted`, err);
    mailed = false;
  }
  if (order.userId) {
    await notifyMembers(
      env,
      db,
      { id: `order_shipped:${order.id}`, kind: "order_shipped", actorId: null, params: { title: `#${order.number}` }, link: COLLECTION_PATH },
      [order.userId],
    );
  }
  return mailed;
}
