// A digital product's page lists what its download holds before purchase (tracks with their
// lengths, each format with the zip's size), in both languages; merch shows no such list.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRootRouteWithContext, Outlet, type AnyRoute } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { Route as ProductRoute } from "../../app/routes/store/$product";
import type { PublicProduct, ReleaseContentsResponse } from "../../worker/contracts/store/store";
import { json, mockApi, mountFileRoute, renderApp, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const base: PublicProduct = {
  id: "p-album",
  slug: "freestyle-nights-digital",
  kind: "digital",
  state: "live",
  title: "Freestyle Nights (Digital)",
  description: "",
  pricing: "fixed",
  price: { usd: 900, brl: 4500 },
  regularPrice: { usd: 900, brl: 4500 },
  vipPrice: null,
  vipApplied: false,
  suggested: null,
  perOrderLimit: 10,
  images: [],
  variants: [],
  stock: { state: "in_stock", left: null },
  maxQuantity: 10,
  release: { kind: "album", id: "freestyle-nights", title: "Freestyle Nights", coverUrl: null, outAt: null },
  bundledRelease: null,
  giftMonths: null,
  physical: false,
  shipsFrom: null,
};
const CONTENTS: ReleaseContentsResponse = {
  tracks: [
    { number: 1, title: "Dream About You", durationSeconds: 225 },
    { number: 2, title: "Waiting for Your Love", durationSeconds: 61 },
  ],
  formats: [
    { format: "mp3", bytes: 41_234_567 },
    { format: "wav", bytes: 412_000_000 },
  ],
};

function renderProduct(product: PublicProduct, locale: "en" | "pt-BR" = "en") {
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    ...configRoute(),
    [`GET /api/store/products/${product.slug}`]: json(200, { product }),
    [`GET /api/store/products/${product.slug}/contents`]: json(200, product.kind === "digital" ? CONTENTS : { tracks: [], formats: [] }),
  });
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: () => <Outlet /> });
  const tree = root.addChildren([
    mountFileRoute(ProductRoute, "/store/$product", root),
    stubRoute(root, "/store"),
    stubRoute(root, "/store/cart"),
    stubRoute(root, "/vip-signup"),
    stubRoute(root, "/music/catalog/$id"),
    stubRoute(root, "/music/track/$trackId"),
  ]) as AnyRoute;
  renderApp(tree, `/store/${product.slug}`, { locale });
  return api;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a digital product's page before purchase", () => {
  it.each([
    ["en", "In the download", "Tracks", "Formats", ["Dream About You (3:45)", "Waiting for Your Love (1:01)"], ["MP3 · 41.2 MB", "WAV · 412 MB"]],
    ["pt-BR", "No download", "Faixas", "Formatos", ["Dream About You (3:45)", "Waiting for Your Love (1:01)"], ["MP3 · 41,2 MB", "WAV · 412 MB"]],
  ] as const)("%s: lists its tracks, formats and sizes", async (locale, title, tracks, formats, trackTexts, formatTexts) => {
    renderProduct(base, locale);
    const section = await screen.findByRole("region", { name: title });
    expect(within(section).getByRole("heading", { level: 3, name: tracks })).toBeTruthy();
    expect(within(section).getByRole("heading", { level: 3, name: formats })).toBeTruthy();
    const [trackList, formatList] = within(section).getAllByRole("list");
    expect(
      within(trackList!)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(trackTexts);
    expect(
      within(formatList!)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.replace(/\u00a0/g, " ")),
    ).toEqual(formatTexts);
  });

  it("merch has no download to list", async () => {
    const shirt = { ...base, id: "p-shirt", slug: "tour-shirt", kind: "merch" as const, title: "Tour Shirt", release: null, physical: true };
    const { callsTo } = renderProduct(shirt);
    expect(await screen.findByRole("heading", { level: 1, name: "Tour Shirt" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "In the download" })).toBeNull();
    expect(callsTo("GET /api/store/products/tour-shirt/contents")).toHaveLength(0);
  });
});
