// The store: products, cart, checkout, orders, downloads and gift VIP (decision 054).
import type { Area } from "./area";

export const store = {
  // The shop window and a product's page (rendered by the Worker), and the cart.
  pages: ["/store", "/store/:product", "/store/cart"],
  // Product pictures are public: the store and its share cards show them to everyone.
  publicImageFolders: ["store"],
  // A product's page carries its schema.org Product with an Offer per currency and availability.
  pageHead: {
    "/store/$product": ["product-markup"],
  },
} as const satisfies Area;
