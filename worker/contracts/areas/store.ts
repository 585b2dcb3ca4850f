// The store: products, cart, checkout, orders, downloads and gift VIP (decision 054).
import type { Area } from "./area";

export const store = {
  pages: ["/redeem", "/redeem/card/:code"],
  // A gift card's address carries its code: the buyer's own page, never indexed.
  personalPages: ["/redeem/card/:code"],
  // Product pictures are public: the store and its share cards show them to everyone.
  publicImageFolders: ["store"],
} as const satisfies Area;
