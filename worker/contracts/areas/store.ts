// The store: products, cart, checkout, orders, downloads and gift VIP (decision 054).
import type { Area } from "./area";
import { isSlugId } from "../ids.ts";

export const store = {
  // The shop window and a product's page (rendered by the Worker), the cart, the checkout's return
  // page (the local test checkout is local-only and not counted), the buyer's collection, and
  // redeeming a gift.
  pages: ["/store", "/store/:product", "/store/cart", "/store/thanks", "/collection", "/redeem", "/redeem/card/:code"],
  // A gift card's code is a bearer secret: views of the card are never counted, so never stored.
  pageIdParams: { ":product": isSlugId, ":code": () => false },
  // The shop window and a product's page; its head's Product markup, its sitemap entries and its
  // checkout sweep are in worker/services/areas/store.ts.
  ssrPages: {
    "/store/": "app/routes/store/index.tsx",
    "/store/$product": "app/routes/store/$product.tsx",
  },
  // A gift card's address carries its code: the buyer's own page, never indexed.
  personalPages: ["/redeem/card/:code"],
  // Product pictures are public: the store and its share cards show them to everyone.
  publicImageFolders: ["store"],
  auditNotes: {
    // store: back office products
    store_product_deleted: (detail: { pictures: number; variants: number }) => `${detail.pictures} picture(s) and ${detail.variants} variant(s) deleted`,
    store_stock_adjusted: (detail: { sku: string; delta: number }) => `stock of ${detail.sku} ${detail.delta > 0 ? "+" : ""}${detail.delta}`,
  },
} as const satisfies Area;
