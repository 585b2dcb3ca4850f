// The store: products, cart, checkout, orders, downloads and gift VIP (decision 054).
import type { Area } from "./area";

export const store = {
  // store: collection (the buyer's own page, signed in)
  pages: ["/collection"],
  // Product pictures are public: the store and its share cards show them to everyone.
  publicImageFolders: ["store"],
} as const satisfies Area;
