// The store: products, cart, checkout, orders, downloads and gift VIP (decision 054).
import type { Area } from "./area";

export const store = {
  // The shop window and a product's page (rendered by the Worker), the cart, the checkout's return
  // page (the local test checkout is local-only and not counted), the buyer's collection, and
  // redeeming a gift.
  pages: ["/store", "/store/:product", "/store/cart", "/store/thanks", "/collection", "/redeem", "/redeem/card/:code"],
  // A gift card's address carries its code: the buyer's own page, never indexed.
  personalPages: ["/redeem/card/:code"],
  // Product pictures are public: the store and its share cards show them to everyone.
  publicImageFolders: ["store"],
  auditNotes: {
    // store: back office products
    store_product_deleted: (detail: { pictures: number; variants: number }) => `${detail.pictures} picture(s) and ${detail.variants} variant(s) deleted`,
    store_stock_adjusted: (detail: { sku: string; delta: number }) => `stock of ${detail.sku} ${detail.delta > 0 ? "+" : ""}${detail.delta}`,
  },
  // A product's page carries its schema.org Product with an Offer per currency and availability.
  pageHead: {
    "/store/$product": ["product-markup"],
  },
} as const satisfies Area;
