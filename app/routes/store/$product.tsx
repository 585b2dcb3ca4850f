import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, useIntl } from "react-intl";
import { ProductPage } from "../../features/store/ProductPage";
import { productQueryOptions } from "../../features/store/queries";
import { usePageMeta } from "../../lib/usePageMeta";

// Open to everyone and rendered by the Worker with its share tags and schema.org Product markup.
export const Route = createFileRoute("/store/$product")({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(productQueryOptions(params.product, context.locale?.() ?? "en")),
  component: Product,
});

const meta = defineMessages({
  title: { id: "meta.product.title", defaultMessage: "Product" },
  named: { id: "meta.product.named", defaultMessage: "{product}" },
  description: { id: "meta.product.description", defaultMessage: "Music, merch and gifts from the artist's store." },
  described: { id: "meta.product.described", defaultMessage: "{summary}" },
});

/** A share card's text: the description's first 160 characters, cut at a word. */
function summaryOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= 160) return flat;
  const cut = flat.slice(0, 159);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

function Product() {
  const { product: slug } = Route.useParams();
  const product = useQuery(productQueryOptions(slug, useIntl().locale)).data?.product;
  const summary = product ? summaryOf(product.description) : "";
  const picture = product?.images[0]?.url ?? product?.release?.coverUrl ?? product?.bundledRelease?.coverUrl ?? null;
  usePageMeta({
    title: product ? meta.named : meta.title,
    titleValues: product ? { product: product.title } : undefined,
    description: summary ? meta.described : meta.description,
    descriptionValues: summary ? { summary } : undefined,
    image: picture ? { url: picture } : undefined,
    type: "product",
  });
  return <ProductPage slug={slug} />;
}
