// /api/admin/*: the back office's API. Every route here is for administrators only, checked once
// for the whole tree (visitor or banned 401, member or VIP 403), before any sub-app runs: an area
// cannot forget it. Each area is a sub-app of its own file.
import { campaignRoutes } from "./campaigns";
import { deadLetterRoutes } from "./dead-letters";
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { requireAdmin } from "../../middleware/guards";
import { notFound } from "../../lib/errors";
import { auditRoutes } from "./audit";
import { adminSetupRoutes } from "./setup";
import { catalogRoutes } from "./catalog";
import { broadcastCatalogRoutes } from "./catalog-broadcast";
import { trackDetailsRoutes } from "./track-details";
import { catalogImportRoutes } from "./catalog-import";
import { analyticsRoutes } from "./analytics";
import { revenueRoutes } from "./revenue";
import { settingsRoutes } from "./settings";
import { messagesRoutes } from "./messages";
import { marketingRoutes } from "./marketing";
import { moderationRoutes } from "./moderation";
import { adminEventRoutes } from "./events";
import { adminEventCancellationRoutes } from "./event-cancellation";
import { adminPresaleCodeRoutes } from "./presale-codes";
import { adminTicketTypeRoutes } from "./ticket-types";
import { adminVenueRoutes } from "./venues";
import { ticketRoutes } from "./tickets";
import { userRoutes } from "./users";
import { adminPartyRoutes } from "./parties";
import { adminPerkRoutes } from "./perks";
import { adminContestRoutes } from "./contests";
import { adminContestFairPlayRoutes } from "./contest-fair-play";
import { adminContestReleaseRoutes } from "./contest-releases";
import { adminWaitlistReleaseRoutes } from "./waitlist-release";
import { adminWaitlistRoutes } from "./waitlist";
import { adminStoreRoutes } from "./store";
import { adminNotifyRoutes } from "./notify";
import { adminStoreOrderRoutes } from "./store-orders";
import { adminStoreShippingRoutes } from "./store-shipping";
import { adminTaxRoutes } from "./tax";
import { adminDisputeRoutes } from "./disputes";
import { adminOfferRoutes } from "./offers";
import { adminTierRoutes } from "./tiers";
import { adminRoomRoutes } from "./rooms";
import { adminLiveRoutes } from "./live";
import { tierFigureRoutes } from "./tier-figures";
import { adminTierChoiceRoutes } from "./tier-choices";
import { adminStoreTierDiscountRoutes } from "./store-tier-discounts";

export const adminRoutes = new Hono<HonoEnv>()
  .use("*", requireAdmin)
  .route("/audit", auditRoutes)
  .route("/setup", adminSetupRoutes)
  .route("/catalog", catalogRoutes)
  .route("/catalog", broadcastCatalogRoutes)
  .route("/catalog", trackDetailsRoutes)
  .route("/catalog/import", catalogImportRoutes)
  .route("/", analyticsRoutes)
  .route("/revenue", revenueRoutes)
  .route("/settings", settingsRoutes)
  .route("/messages", messagesRoutes)
  .route("/marketing", marketingRoutes)
  .route("/moderation", moderationRoutes)
  .route("/events", adminEventRoutes)
  .route("/events", adminPresaleCodeRoutes)
  .route("/events", adminEventCancellationRoutes)
  .route("/events", adminTicketTypeRoutes)
  .route("/venues", adminVenueRoutes)
  .route("/tickets", ticketRoutes)
  .route("/users", userRoutes)
  .route("/parties", adminPartyRoutes)
  .route("/perks", adminPerkRoutes)
  .route("/contests", adminContestReleaseRoutes)
  .route("/contests", adminContestRoutes)
  .route("/contests", adminContestFairPlayRoutes)
  .route("/waitlist", adminWaitlistRoutes)
  .route("/waitlist", adminWaitlistReleaseRoutes)
  // Before any other /store sub-app, so its /:id routes never see "orders".
  .route("/store/orders", adminStoreOrderRoutes)
  .route("/store/tier-discounts", adminStoreTierDiscountRoutes)
  .route("/store", adminStoreRoutes)
  .route("/notify", adminNotifyRoutes)
  .route("/campaigns", campaignRoutes)
  .route("/dead-letters", deadLetterRoutes)
  .route("/store/shipping", adminStoreShippingRoutes)
  .route("/tax", adminTaxRoutes)
  .route("/disputes", adminDisputeRoutes)
  .route("/offers", adminOfferRoutes)
  .route("/tiers", adminTierRoutes)
  .route("/rooms", adminRoomRoutes)
  .route("/live", adminLiveRoutes)
  .route("/revenue/tiers", tierFigureRoutes)
  .route("/tier-choices", adminTierChoiceRoutes)
  .all("*", () => {
    throw notFound();
  });
