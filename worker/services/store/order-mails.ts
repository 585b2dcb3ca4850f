// What follows an order once its payment is stored (decision 054): the buyer's receipt, with a
// signed download link per release and format and each ticket's QR code (decision 055), and the
// admins' "new order" notice (store lines) and "Ticket Purchases" notice (tickets). Run after the
// fulfilment batch (waitUntil in a request, awaited in the cron's sweep) and only by the delivery
// that made the order; each mail is keyed by the order as well, so a retry is not mailed twice.
// Never throws: a failure is logged, the order stands, the collection has the links.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findOrder, orderTaxOf, listOrderEntitlements, listOrderGiftCodes, listOrderLines, listHolds } from "../../db/store/orders";
import { listCheckoutLines } from "../../db/store/checkouts";
import { releaseFormats } from "../../db/music/release-formats";
import { downloadPath, signDownloadToken } from "../../lib/download-token";
import { DAY_MS } from "../../lib/time";
import { RECEIPT_LINK_TTL_MS } from "#contracts/store/model.ts";
import { isLocale } from "#contracts/locale.ts";
import type { ShippingAddress } from "#contracts/store/checkout.ts";
import { createMailService } from "../mail";
import { orderReceiptMail, type ReceiptDownload } from "../mail/store-order";
import { notifyAdmin } from "../admin-notifications";
import { logOrderAccess } from "../../db/order-access-log";
import { listOrderTickets, listTicketHolds } from "../../db/store/tickets";
import { signTicketToken } from "../../lib/ticket-token";
import { TICKETS_PATH } from "#contracts/tickets/event-tickets-model.ts";
import type { Locale } from "#contracts/locale.ts";
import type { ReceiptTickets } from "../mail/ticket-receipt";
import { ticketLineName } from "./ticket-pricing";
import { findMemberTierId, readTiers } from "../../db/tiers/tiers";
import { tierBadgeOf } from "#contracts/tiers/badges.ts";

async function downloadsOf(db: DB, secret: string, siteUrl: string, orderId: string, now: number): Promise<ReceiptDownload[]> {
  const expiresAt = new Date(now + RECEIPT_LINK_TTL_MS);
  const rows = await listOrderEntitlements(db, orderId);
  return Promise.all(
    rows.map(async (e) => {
      const formats = await releaseFormats(db, e.albumId ? { albumId: e.albumId } : { trackId: e.trackId ?? "" });
      const links = await Promise.all(
        formats.map(async (format) => ({ format, url: siteUrl + downloadPath(await signDownloadToken(secret, { entitlementId: e.id, format }, expiresAt)) })),
      );
      return { title: e.albumTitle ?? e.trackTitle ?? "", links };
    }),
  );
}

export async function receiptTicketsOf(
  db: DB,
  secret: string,
  siteUrl: string,
  order: { id: string; userId: string | null },
  holds: Awaited<ReturnType<typeof listTicketHolds>>,
  locale: Locale,
): Promise<ReceiptTickets> {
  const rows = await listOrderTickets(db, order.id);
  const tickets = await Promise.all(
    rows.map(async (r) => ({
      code: r.code,
      token: await signTicketToken(secret, { ticketId: r.id, eventId: r.eventId, version: r.tokenVersion }),
      eventTitle: (locale === "pt-BR" && r.eventTitlePtBr) || r.eventTitle,
      eventDate: r.eventDate,
      timeZone: r.timeZone,
      typeName: (locale === "pt-BR" && r.typeNamePtBr) || r.typeName,
    })),
  );
  const notIssued = holds.filter((h) => h.state === "released").map((h) => ({ name: ticketLineName(h, locale), quantity: h.quantity }));
  return { tickets, notIssued, ticketsUrl: siteUrl + TICKETS_PATH, guest: order.userId === null };
}

/** The buyer's tier by name, whose member price the lines paid (null: no paid tier, a guest). */
async function priceTierName(db: DB, userId: string, locale: Locale): Promise<string | null> {
  const [tierId, ladder] = await Promise.all([findMemberTierId(db, userId), readTiers(db)]);
  const badge = tierBadgeOf(tierId, ladder);
  return badge ? (locale === "pt-BR" ? badge.name.ptBR : badge.name.en) : null;
}

export async function sendOrderMails(env: AppEnv, db: DB, orderId: string, now = Date.now()): Promise<void> {
  try {
    const order = await findOrder(db, orderId);
    if (!order) return;
    const cfg = readConfig(env);
    const locale = isLocale(order.locale) ? order.locale : "en";
    const siteUrl = cfg.SITE_URL.replace(/\/$/, "");
    const [lines, checkoutLines, downloads, giftCodes, holds, ticketHolds] = await Promise.all([
      listOrderLines(db, orderId),
      listCheckoutLines(db, order.checkoutId),
      downloadsOf(db, cfg.SESSION_SECRET, siteUrl, orderId, now),
      listOrderGiftCodes(db, orderId),
      listHolds(db, order.checkoutId),
      listTicketHolds(db, order.checkoutId),
    ]);
    const tickets = ticketHolds.length ? await receiptTicketsOf(db, cfg.SESSION_SECRET, siteUrl, order, ticketHolds, locale) : undefined;
    const vipLines = new Set(checkoutLines.filter((l) => l.vipPrice).map((l) => l.lineNo));
    const priceTier = vipLines.size > 0 && order.userId ? await priceTierName(db, order.userId, locale) : null;
    const shipTo = order.shippingAddress ? { name: order.shippingName, address: order.shippingAddress as ShippingAddress } : null;
    const mail = orderReceiptMail({
      to: order.email,
      brandName: cfg.BRAND_NAME,
      locale,
      order: {
        number: order.number,
        paidAt: order.paidAt,
        currency: order.currency,
        lines: [
          ...lines.map((l) => ({
            title: (locale === "pt-BR" && l.titlePtBr) || l.title,
            variantLabel: l.variantLabel,
            quantity: l.quantity,
            totalCents: l.totalCents,
            vipPrice: vipLines.has(l.lineNo),
            shipsFrom: l.kind === "merch" ? l.shipsFrom : null,
          })),
          ...ticketHolds.map((h) => ({ title: ticketLineName(h, locale), variantLabel: null, quantity: h.quantity, totalCents: h.totalCents })),
        ],
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        promoCode: order.promoCode,
        shippingCents: lines.some((l) => l.kind === "merch") ? order.shippingCents : null,
        totalCents: order.totalCents,
        tax: orderTaxOf(order),
        shipTo,
        downloads,
        linkValidDays: Math.round(RECEIPT_LINK_TTL_MS / DAY_MS),
        giftCodes,
        siteUrl,
        tickets,
        storeLines: lines.length > 0,
        ...(priceTier ? { priceTier } : {}),
      },
    });
    await createMailService(env, db).send({ ...mail, idempotencyKey: `store-receipt:${order.id}` });
    await logOrderAccess(db, order.id, { kind: "receipt", at: Date.now(), ip: null, detail: { to: order.email, number: order.number } });
    if (ticketHolds.length) {
      await notifyAdmin(
        env,
        db,
        {
          kind: "ticket_purchase",
          purchase: {
            orderId: `#${order.number}`,
            eventTitle: [...new Set(ticketHolds.map((h) => h.eventTitle))].join(", "),
            buyerName: order.shippingName,
            buyerEmail: order.email,
            quantity: ticketHolds.reduce((sum, h) => sum + h.quantity, 0),
            totalCents: ticketHolds.reduce((sum, h) => sum + h.totalCents, 0),
            currency: order.currency,
            notIssued: ticketHolds.filter((h) => h.state === "released").map((h) => ticketLineName(h, "en")),
          },
        },
        now,
      );
    }
    // An order of tickets only has its own notice above.
    if (lines.length === 0) return;
    // A hold still released on a paid checkout is stock that ran out before a late payment.
    const short = holds.filter((h) => h.state === "released").map((h) => checkoutLines.find((l) => l.variantId === h.variantId)?.sku ?? h.variantId);
    await notifyAdmin(
      env,
      db,
      {
        kind: "new_order",
        order: {
          number: order.number,
          email: order.email,
          items: lines.reduce((sum, l) => sum + l.quantity, 0),
          totalCents: order.totalCents,
          currency: order.currency,
          shipTo: shipTo?.address.country ?? null,
          stockShort: short,
        },
      },
      now,
    );
  } catch (err) {
    console.error(`store: the mails of order ${orderId} failed`, err);
  }
}
