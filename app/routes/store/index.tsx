import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { StorePage } from "../../features/store/StorePage";
import { productsQueryOptions } from "../../features/store/queries";
import { usePageMeta } from "../../lib/usePageMeta";
import { PRODUCT_KINDS, type ProductKind } from "#contracts/store/model.ts";

type StoreSearch = { kind?: ProductKind };

/** ?kind= narrows the grid to one kind of product; anything else shows them all. */
const parseStoreSearch = (search: Record<string, unknown>): StoreSearch =>
  PRODUCT_KINDS.includes(search.kind as ProductKind) ? { kind: search.kind as ProductKind } : {};

// Open to everyone and rendered by the Worker (share tags, sitemap); a VIP's prices come with their session.
export const Route = createFileRoute("/store/")({
  validateSearch: parseStoreSearch,
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(productsQueryOptions(context.locale?.() ?? "en")),
  component: Store,
});

const meta = defineMessages({
  title: { id: "meta.store.title", defaultMessage: "Store" },
  description: { id: "meta.store.description", defaultMessage: "Albums and tracks to download, merch, and VIP to give, straight from the artist." },
});

function Store() {
  usePageMeta(meta);
  const { kind } = Route.useSearch();
  return (
    <PageFrame
      title={<FormattedMessage id="pages.store.title" defaultMessage="Store" />}
      intro={<FormattedMessage id="pages.store.intro" defaultMessage="Downloads in every format, merch, and VIP to give a friend." />}
    >
      <StorePage kind={kind} />
    </PageFrame>
  );
}
