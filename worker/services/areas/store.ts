// The store in the Worker (decision 054): a product's page carries its schema.org Product with an
// Offer per currency and availability, the sitemap lists every product on sale to everyone with
// its pictures, its orders (store lines, tickets, gift VIP) are a kind of purchase the payments core
// applies, and every five minutes local test checkouts past their expiry give their stock back and
// pre-orders whose release is out are announced once (decision 118).
import { listPublicProducts } from "../../db/store/store";
import { productPageHead } from "../store-page-head";
import { expireStaleStoreCheckouts } from "../store/scheduled";
import { storeOrders } from "../store/purchase";
import { FIVE_MINUTE_CRON, type HeadRenderer, type WorkerArea } from "./area";

const productMarkup: HeadRenderer = { render: (c, { url, locale }) => productPageHead(c.env, c.var.db, url, locale), leftOut: "product markup left out" };

export const store = {
  pageHead: { "/store/$product": [productMarkup] },
  purchases: [storeOrders],
  sitemap: async (c) =>
    (await listPublicProducts(c.var.db, { vip: false }, "en")).map((product) => ({
      loc: `/store/${encodeURIComponent(product.slug)}`,
      images: product.images.map((image) => image.url),
    })),
  cron: [
    { cron: FIVE_MINUTE_CRON, name: "store: checkout sweep", run: ({ env, scheduledTime }) => expireStaleStoreCheckouts(env, scheduledTime) },
    // Loaded on first use: the mail and notification code stay off the Worker's start-up path.
    {
      cron: FIVE_MINUTE_CRON,
      name: "store: pre-orders out",
      run: async ({ env, scheduledTime }) => (await import("../store/preorder-unlock")).unlockDuePreorders(env, scheduledTime),
    },
  ],
} satisfies WorkerArea;
