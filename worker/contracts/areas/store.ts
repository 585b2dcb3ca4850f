// The store: products, cart, checkout, orders, downloads and gift VIP (decision 054).
import type { Area } from "./area";

export const store = {
  pages: [],
  // Product pictures are public: the store and its share cards show them to everyone.
  publicImageFolders: ["store"],
  auditNotes: {
    // store: back office products
    store_product_deleted: (detail: { pictures: number; variants: number }) => `${detail.pictures} picture(s) and ${detail.variants} variant(s) deleted`,
    store_stock_adjusted: (detail: { sku: string; delta: number }) => `stock of ${detail.sku} ${detail.delta > 0 ? "+" : ""}${detail.delta}`,
  },
} as const satisfies Area;
