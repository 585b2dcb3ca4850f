// The buyer's receipt of a waitlist claim (decisions 185, 191): the store's ticket receipt (the same
// mail a ticket buyer gets: the order's number, its lines, the total with the tax in it, each
// ticket's new QR code), in the language they paid in, keyed by the order as every receipt is.
// Never throws: the tickets are on My tickets whatever the mail does.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findOrder, orderTaxOf } from "../../db/store/orders";
import { createMailService } from "../mail";
import { orderReceiptMail } from "../mail/store-order";
import { receiptTicketsOf } from "../store/order-mails";
import { RECEIPT_LINK_TTL_MS } from "#contracts/store/model.ts";
import { isLocale } from "#contracts/locale.ts";
import { DAY_MS } from "../../lib/time";
import type { OfferedTicket } from "../../db/waitlist/claims";

export async function sendClaimReceipt(env: AppEnv, db: DB, orderId: string, tickets: readonly OfferedTicket[]): Promise<void> {
  try {
    const order = await findOrder(db, orderId);
    if (!order) return;
    const cfg = readConfig(env);
    const locale = isLocale(order.locale) ? order.locale : "en";
    const siteUrl = cfg.SITE_URL.replace(/\/$/, "");
    const nameOf = (t: OfferedTicket) =>
      `${(locale === "pt-BR" && t.event_title_pt_br) || t.event_title}: ${(locale === "pt-BR" && t.type_name_pt_br) || t.type_name}`;
    // One line per type, as a store order's tickets read.
    const lines = new Map<string, { title: string; variantLabel: null; quantity: number; totalCents: number }>();
    for (const t of tickets) {
      const title = nameOf(t);
      const line = lines.get(title) ?? { title, variantLabel: null, quantity: 0, totalCents: 0 };
      lines.set(title, { ...line, quantity: line.quantity + 1, totalCents: line.totalCents + t.unit_cents });
    }
    // The claim's price holds its tax (admission is taxed where the show is): named as included.
    const tax =
      orderTaxOf(order) ??
      (order.taxCents > 0 ? { cents: order.taxCents, behavior: "inclusive" as const, status: "collected" as const, place: null, buyerTaxId: null } : null);
    const mail = orderReceiptMail({
      to: order.email,
      brandName: cfg.BRAND_NAME,
      locale,
      order: {
        number: order.number,
        paidAt: order.paidAt,
        currency: order.currency,
        lines: [...lines.values()],
        subtotalCents: order.subtotalCents,
        discountCents: 0,
        promoCode: null,
        shippingCents: null,
        totalCents: order.totalCents,
        tax,
        shipTo: null,
        downloads: [],
        linkValidDays: Math.round(RECEIPT_LINK_TTL_MS / DAY_MS),
        giftCodes: [],
        siteUrl,
        tickets: await receiptTicketsOf(db, cfg.SESSION_SECRET, siteUrl, order, [], locale),
        storeLines: false,
      },
    });
    await createMailService(env, db).send({ ...mail, idempotencyKey: `store-receipt:${order.id}` });
  } catch (err) {
    console.error(`waitlist: the receipt of order ${orderId} failed`, err);
  }
}
