// /api/store/gifts: gift VIP codes after the order that bought them (decision 054).
//   POST /redeem   { code }: a signed-in member (any, VIP or not; visitors and banned members
//                  401) redeems a code for a complimentary membership of its tier, once: unknown,
//                  malformed or voided 404 gift_code_invalid, taken 409 gift_code_redeemed; a member
//                  holding a higher tier 409 gift_tier_below_held, one whose comp of another tier
//                  still runs 409 gift_tier_comp_running (the code untouched); attempts are rate-limited
//                  per account and per address (429) before the code is looked up
//   GET  /:code    the printable card's data: the buyer's own code, or any for an administrator;
//                  anyone else 404 gift_code_invalid, as for a code that does not exist
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { readConfig } from "../../env";
import { validate } from "../../lib/validate";
import { routeError } from "../../lib/errors";
import { requireUser } from "../../middleware/guards";
import { clientIp, hitRateLimit } from "../../services/rate-limit";
import { announceRedemption, redeemGift } from "../../services/store/gifts";
import { findGiftCard } from "../../db/gift-codes";
import {
  GIFT_REDEEM_RATE_LIMITS,
  giftRedeemBodySchema,
  normaliseGiftCode,
  redeemPath,
  type GiftCardResponse,
  type GiftCodeState,
  type GiftRedeemResponse,
} from "#contracts/store/gifts.ts";

const invalidCode = () => routeError("gift_code_invalid");

export const storeGiftRoutes = new Hono<HonoEnv>()
  .use("*", requireUser)

  .post("/redeem", validate("json", giftRedeemBodySchema), async (c) => {
    const user = c.var.user;
    const db = c.var.db;
    await hitRateLimit(db, `gift-redeem:user:${user.id}`, GIFT_REDEEM_RATE_LIMITS.perAccount);
    await hitRateLimit(db, `gift-redeem:ip:${clientIp(c.req)}`, GIFT_REDEEM_RATE_LIMITS.perIp);
    const redeemed = await redeemGift(db, c.req.valid("json").code, user.id);
    if (redeemed === "invalid") throw invalidCode();
    if (redeemed === "redeemed") throw routeError("gift_code_redeemed");
    if ("refused" in redeemed) {
      const { held, gift } = redeemed;
      const params = { heldEn: held.name.en, heldPtBR: held.name.ptBR, giftEn: gift.name.en, giftPtBR: gift.name.ptBR };
      throw routeError(redeemed.refused === "below_held" ? "gift_tier_below_held" : "gift_tier_comp_running", { params });
    }
    c.executionCtx.waitUntil(announceRedemption(c.env, db, redeemed));
    const { months, tier, vipUntil, addedAfter, subscriptionRenews } = redeemed;
    return c.json<GiftRedeemResponse>({ months, tier, vipUntil, addedAfter, subscriptionRenews });
  })

  .get("/:code", async (c) => {
    const user = c.var.user;
    const code = normaliseGiftCode(c.req.param("code"));
    const card = code ? await findGiftCard(c.var.db, code) : null;
    // Another member's code is as unknown to them as a code that does not exist.
    if (!card || (card.buyerUserId !== user.id && !user.isAdmin)) throw invalidCode();
    const state: GiftCodeState = card.redeemedAt !== null ? "redeemed" : card.voidedAt !== null ? "void" : "unredeemed";
    // The code is a bearer secret: never kept by any cache.
    c.header("Cache-Control", "private, no-store");
    return c.json<GiftCardResponse>({
      code: card.code,
      months: card.months,
      tier: card.tier,
      state,
      redeemedBy: card.redeemedBy,
      redeemedAt: card.redeemedAt === null ? null : new Date(card.redeemedAt).toISOString(),
      redeemUrl: new URL(redeemPath(card.code), readConfig(c.env).SITE_URL).href,
      createdAt: new Date(card.createdAt).toISOString(),
    });
  });
