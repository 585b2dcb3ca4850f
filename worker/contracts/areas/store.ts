// The store: products, cart, checkout, orders, downloads and gift VIP (decision 054).
import type { Area } from "./area";

export const store = {
  // The checkout's return page (the local test checkout is local-only and not counted).
  pages: ["/store/thanks"],
  // Product pictures are public: the store and its share cards show them to everyone.
  publicImageFolders: ["store"],
} as const satisfies Area;
