// /api/store: pricing a cart and paying for it (decision 054).
//   POST /quote                        QuoteBody → QuoteResponse: anyone (the VIP price for a VIP);
//                                      per-address edge limit. Store lines and ticket lines
//                                      (decision 055: a VIP or an admin buys in a VIP presale)
//   POST /checkout                     QuoteBody + email (guests) + attemptId → { url } (a cart
//                                      priced at 0 is ordered at once: url is its thanks page): a member
//                                      pays with their account's verified address (403
//                                      email_unverified), a visitor names one (none: 401, as for a
//                                      member whose session is gone, signed out or banned);
//                                      rate limited per address and per account or e-mail
//   GET  /checkouts/:id                the checkout's lines and totals, to its owner only
//   GET  /checkouts/:id/status         { status, orderNumber }, to its owner only (the return page)
//   POST /local/checkouts/:id/tax      { country, state, postalCode } → the Worker's DEMO tax for
//                                      that place (local mode, loopback only, the owner only)
//   POST /local/checkouts/:id/:action  the local test checkout's pay | decline | abandon (local
//                                      mode, loopback only); pay takes the buyer's billing place
// A checkout's owner is the member who opened it, or the browser that did: the buyer cookie
// (__Host-store_buyer, HttpOnly, a random token whose hash the checkout row keeps), set by the
// first checkout. Anyone else, even with the id in hand, gets the same 404 as for no checkout.
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { getCookie, setCookie } from "hono/cookie";
import type { HonoEnv } from "../../types";
import type { AppEnv } from "../../env";
import { conflict, fieldError, forbidden, routeError, unauthorized } from "../../lib/errors";
import { parseJsonBody, validate } from "../../lib/validate";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { isLoopbackRequest } from "../../middleware/local-only";
import { requestLanguage } from "../../middleware/content-language";
import { clientIp, hitEdgeLimit, hitRateLimit, knownClientIp } from "../../services/rate-limit";
import { requireHuman } from "../../services/bot-check";
import { createPaymentsService, PaymentsConfigError, paymentsModeOf, type PaymentsService } from "../../services/payments";
import { priceCart } from "../../services/store/pricing";
import { openStoreCheckout } from "../../services/store/checkout";
import { declineLocalOrder, expireLocalOrder, payLocalOrder, type LocalOrderDeps } from "../../services/store/local-checkout";
import { findStoreCheckout, listCheckoutLines, orderNumberOf, type StoreCheckoutRow } from "../../db/store/checkouts";
import { listTicketHolds } from "../../db/store/tickets";
import { priceTierOf, variantLabelOf } from "../../services/store/pricing";
import { CHECKOUT_RATE_LIMITS, PAYMENT_MESSAGES } from "#contracts/payments.ts";
import { EMAIL_VERIFICATION_CODES, EMAIL_VERIFICATION_MESSAGES } from "#contracts/email-verification.ts";
import { quoteBodySchema, type QuoteResponse } from "#contracts/store/cart.ts";
import {
  localOrderParamSchema,
  localPayBodySchema,
  STORE_BUYER_COOKIE,
  storeCheckoutBodySchema,
  storeCheckoutParamSchema,
  type CheckoutSummaryResponse,
  type LocalOrderResultResponse,
  type StoreCheckoutResponse,
  type StoreCheckoutStatusResponse,
} from "#contracts/store/checkout.ts";
import type { z } from "#contracts/zod.ts";
import { billingPlaceSchema, type LocalTaxPreviewResponse } from "#contracts/tax.ts";
import { localCheckoutTax } from "../../services/store/tax";
import { PURCHASE_KINDS } from "../../services/areas";

/** The buyer cookie outlives the checkout's 30 minutes, so the return page opened later still works. */
const BUYER_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

function paymentsFor(env: AppEnv): PaymentsService {
  try {
    return createPaymentsService(env);
  } catch (err) {
    if (!(err instanceof PaymentsConfigError)) throw err;
    console.error(`payments: ${err.message}`);
    throw routeError("payments_unavailable");
  }
}

const noLines = (value: unknown) => value === undefined || (Array.isArray(value) && value.length === 0);

/** A cart's body: one with no store lines and no tickets is `cart_empty`; anything else the schema refuses, its rule. */
async function cartBody<T extends z.ZodType>(c: Context<HonoEnv>, schema: T): Promise<z.output<T>> {
  const raw: unknown = await c.req.json().catch(() => null);
  if (typeof raw === "object" && raw !== null && noLines((raw as { lines?: unknown }).lines) && noLines((raw as { tickets?: unknown }).tickets)) {
    throw routeError("cart_empty", { field: "lines" });
  }
  return parseJsonBody(c, schema);
}

/** The hash of this browser's buyer cookie; a new cookie when it has none (only when `create`). */
async function buyerKeyHash(c: Context<HonoEnv>, create: boolean): Promise<string | null> {
  let token = getCookie(c, STORE_BUYER_COOKIE);
  if (!token || token.length > 100) {
    if (!create) return null;
    token = randomToken(32);
    setCookie(c, STORE_BUYER_COOKIE, token, { path: "/", httpOnly: true, secure: true, sameSite: "Lax", maxAge: BUYER_COOKIE_MAX_AGE_S });
  }
  return sha256Hex(token);
}

/** The checkout named by `ref` when the asker owns it; otherwise the 404 of a checkout that does not exist. */
async function ownCheckout(c: Context<HonoEnv>, ref: string): Promise<StoreCheckoutRow> {
  const row = await findStoreCheckout(c.var.db, ref);
  const user = c.var.user;
  const key = row?.buyerKeyHash ? await buyerKeyHash(c, false) : null;
  if (!row || !((user && row.userId === user.id) || (key && row.buyerKeyHash === key))) throw routeError("store_checkout_not_found");
  return row;
}

/** The local test checkout exists only in local payments mode on the developer's machine. */
const localOnly = createMiddleware<HonoEnv>(async (c, next) => {
  if (paymentsModeOf(c.env) !== "local" || !isLoopbackRequest(c.req.url)) throw routeError("not_found");
  await next();
});

export const storeCheckoutRoutes = new Hono<HonoEnv>()
  .post("/quote", async (c) => {
    await hitEdgeLimit(c.env, "storeQuotesPerIp", clientIp(c.req));
    const body = await cartBody(c, quoteBodySchema);
    const user = c.var.user;
    const buyer = { userId: user?.id ?? null, isVip: user?.isVIP ?? false, isAdmin: user?.isAdmin ?? false, ...(user?.tier ? { tier: user.tier } : {}) };
    const priced = await priceCart(c.var.db, body, buyer, Date.now(), {
      checkStock: true,
      requireShippingCountry: false,
    });
    return c.json<QuoteResponse>(priced.quote);
  })

  .post("/checkout", async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const body = await cartBody(c, storeCheckoutBodySchema);
    // Without a session and without an address this is a member whose session is gone.
    if (!user && !body.email) throw unauthorized();
    if (user && !user.emailVerified) throw forbidden(EMAIL_VERIFICATION_MESSAGES.unverified, EMAIL_VERIFICATION_CODES.unverified);
    const email = user?.email ?? body.email ?? "";
    await hitRateLimit(db, `store-checkout:ip:${clientIp(c.req)}`, CHECKOUT_RATE_LIMITS.perIp);
    await hitRateLimit(db, user ? `store-checkout:user:${user.id}` : `store-checkout:email:${email}`, CHECKOUT_RATE_LIMITS.perAccount);
    // A member's session is their proof: only a visitor's checkout is checked.
    if (!user) await requireHuman(c, "guest_checkout");
    const service = paymentsFor(c.env);
    const buyer = {
      userId: user?.id ?? null,
      isVip: user?.isVIP ?? false,
      isAdmin: user?.isAdmin ?? false,
      ...(user?.tier ? { tier: user.tier } : {}),
      email,
      buyerKeyHash: (await buyerKeyHash(c, true)) ?? "",
      ip: knownClientIp(c.req),
    };
    const result = await openStoreCheckout(db, service, {
      body,
      buyer,
      locale: requestLanguage(c),
      origin: new URL(c.req.url).origin,
      followUp: c,
    });
    return c.json<StoreCheckoutResponse>(result);
  })

  .get("/checkouts/:id", validate("param", storeCheckoutParamSchema), async (c) => {
    const checkout = await ownCheckout(c, c.req.valid("param").id);
    const locale = requestLanguage(c);
    const [lines, tickets, priceTier] = await Promise.all([
      listCheckoutLines(c.var.db, checkout.id),
      listTicketHolds(c.var.db, checkout.id),
      c.var.user ? priceTierOf(c.var.db, c.var.user.tier) : null,
    ]);
    return c.json<CheckoutSummaryResponse>({
      id: checkout.providerSessionId ?? checkout.id,
      status: checkout.status,
      mode: checkout.mode,
      email: checkout.email,
      currency: checkout.currency,
      lines: lines.map((l) => ({
        productId: l.productId,
        kind: l.kind,
        title: (locale === "pt-BR" && l.titlePtBr) || l.title,
        variantLabel: variantLabelOf(l.variantId ? l : null),
        quantity: l.quantity,
        unitCents: l.unitCents,
        totalCents: l.totalCents,
        vipPrice: l.vipPrice,
        ...(l.vipPrice && priceTier ? { priceTier } : {}),
      })),
      tickets: tickets.map((t) => ({
        ticketTypeId: t.ticketTypeId,
        eventId: t.eventId,
        eventTitle: (locale === "pt-BR" && t.eventTitlePtBr) || t.eventTitle,
        eventDate: t.eventDate.toISOString(),
        timeZone: t.timeZone,
        typeName: (locale === "pt-BR" && t.typeNamePtBr) || t.typeName,
        quantity: t.quantity,
        unitCents: t.unitCents,
        totalCents: t.totalCents,
      })),
      subtotalCents: checkout.subtotalCents,
      discountCents: checkout.discountCents,
      shippingCents: checkout.shippingCents,
      totalCents: checkout.totalCents,
      promoCode: checkout.promoCode,
      needsShipping: lines.some((l) => l.kind === "merch"),
      shippingCountry: checkout.shippingCountry,
      expiresAt: checkout.expiresAt.toISOString(),
    });
  })

  .get("/checkouts/:id/status", validate("param", storeCheckoutParamSchema), async (c) => {
    const checkout = await ownCheckout(c, c.req.valid("param").id);
    const orderNumber = checkout.status === "paid" ? await orderNumberOf(c.var.db, checkout.id) : null;
    return c.json<StoreCheckoutStatusResponse>({ status: checkout.status, orderNumber });
  })

  // The tax the local checkout shows for the place the buyer names (the DEMO calculator); Pay
  // computes it again from the same rows, so nothing the browser holds decides the amount.
  .post("/local/checkouts/:id/tax", localOnly, validate("param", storeCheckoutParamSchema), async (c) => {
    const checkout = await ownCheckout(c, c.req.valid("param").id);
    if (checkout.mode !== "local") throw routeError("store_checkout_not_found");
    const place = await parseJsonBody(c, billingPlaceSchema);
    const tax = await localCheckoutTax(c.var.db, checkout, place);
    return c.json<LocalTaxPreviewResponse>({
      status: tax.status,
      jurisdiction: tax.jurisdiction,
      behavior: tax.behavior,
      amountCents: checkout.totalCents,
      taxCents: tax.taxCents,
      totalCents: checkout.totalCents + (tax.behavior === "exclusive" ? tax.taxCents : 0),
      demo: true,
    });
  })

  .post("/local/checkouts/:id/:action", localOnly, validate("param", localOrderParamSchema), async (c) => {
    const { id, action } = c.req.valid("param");
    const checkout = await ownCheckout(c, id);
    if (checkout.mode !== "local") throw routeError("store_checkout_not_found");
    const now = Date.now();
    if (checkout.status !== "open" || checkout.expiresAt.getTime() <= now) throw conflict(PAYMENT_MESSAGES.checkoutFinished, "checkout_finished");
    const deps: LocalOrderDeps = { db: c.var.db, service: paymentsFor(c.env), secret: c.env.LOCAL_PAYMENTS_SECRET ?? "", kinds: PURCHASE_KINDS, followUp: c };
    const sessionId = checkout.providerSessionId ?? checkout.id;
    if (action === "pay") {
      const body = await parseJsonBody(c, localPayBodySchema);
      // A physical cart ships to the one country its shipping was priced for, as Stripe would ask.
      if (checkout.shippingCountry && !body.address) throw fieldError("address", "A test shipping address is needed");
      if (checkout.shippingCountry && body.address?.country !== checkout.shippingCountry)
        throw fieldError("address.country", "Ship to the country chosen in the cart");
      const shipTo = checkout.shippingCountry && body.address ? { name: body.name ?? null, address: body.address } : null;
      await payLocalOrder(deps, checkout, shipTo, body.billing ?? null, now);
      return c.json<LocalOrderResultResponse>({ redirectTo: `/store/thanks?session_id=${sessionId}` });
    }
    if (action === "decline") {
      await declineLocalOrder(deps, checkout, now);
      return c.json<LocalOrderResultResponse>({ redirectTo: `/store/thanks?session_id=${sessionId}` });
    }
    await expireLocalOrder(deps, checkout, now);
    return c.json<LocalOrderResultResponse>({ redirectTo: "/store/cart" });
  });
