// /api/store: the store's routes, mounted from this one folder (decision 054). Each module's own
// header lists its routes:
//   catalog.ts     the products, the releases' products and the member's cart
//   checkout.ts    quotes, checkouts, their status, and the local test checkout's buttons
//   downloads.ts   a bought release's zip behind its signed link
//   collection.ts  the member's collection: releases, orders, gift codes, guest purchases claimed
//   gifts.ts       gift VIP codes: redeeming one, a code's printable card (/api/store/gifts)
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { storeCatalogRoutes } from "./catalog";
import { storeCheckoutRoutes } from "./checkout";
import { storeDownloadRoutes } from "./downloads";
import { collectionRoutes } from "./collection";
import { storeGiftRoutes } from "./gifts";

export const storeRoutes = new Hono<HonoEnv>()
  .route("/gifts", storeGiftRoutes)
  .route("/", storeCatalogRoutes)
  .route("/", storeCheckoutRoutes)
  .route("/", storeDownloadRoutes)
  .route("/", collectionRoutes);
