// The store's reads and the cart's two requests. Product answers depend on who asks (a VIP sees
// their price), so a sign-in or sign-out resets them (app/lib/session/logout.ts); they come in the
// page's language (in the key and the address, as the album's notes do).
import { queryOptions, useMutation } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { botCheckHeaders, type BotCheckToken } from "../../components/bot-check/token";
import { LANG_PARAM, isLocale, type Locale } from "#contracts/locale.ts";
import type { ReleaseContentsResponse, ReleaseProductsResponse, StoreProductResponse, StoreProductsResponse } from "#contracts/store/store.ts";
import { STORE_API } from "#contracts/store/model.ts";
import type { QuoteBody, QuoteResponse } from "#contracts/store/cart.ts";

const langOf = (locale: string): Locale => (isLocale(locale) ? locale : "en");

export const storeKeys = {
  products: (lang: Locale) => ["store", "products", lang] as const,
  product: (slug: string, lang: Locale) => ["store", "product", slug, lang] as const,
  contents: (slug: string, lang: Locale) => ["store", "contents", slug, lang] as const,
  release: (kind: "album" | "track", id: string, lang: Locale) => ["store", "release", kind, id, lang] as const,
  quote: (body: QuoteBody) => ["store", "quote", body] as const,
};

export const productsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: storeKeys.products(langOf(locale)),
    queryFn: ({ signal }) => api<StoreProductsResponse>(`${STORE_API}/products?${LANG_PARAM}=${langOf(locale)}`, { signal }),
    staleTime: 30_000,
  });

export const productQueryOptions = (slug: string, locale: string) =>
  queryOptions({
    queryKey: storeKeys.product(slug, langOf(locale)),
    queryFn: ({ signal }) => api<StoreProductResponse>(`${STORE_API}/products/${encodeURIComponent(slug)}?${LANG_PARAM}=${langOf(locale)}`, { signal }),
    staleTime: 30_000,
  });

/** A digital product's tracks and formats with their sizes, before purchase. */
export const productContentsQueryOptions = (slug: string, locale: string) =>
  queryOptions({
    queryKey: storeKeys.contents(slug, langOf(locale)),
    queryFn: ({ signal }) =>
      api<ReleaseContentsResponse>(`${STORE_API}/products/${encodeURIComponent(slug)}/contents?${LANG_PARAM}=${langOf(locale)}`, { signal }),
    staleTime: 60_000,
  });

/** The live products that sell an album or a track (for the buttons on its page). */
export const releaseProductsQueryOptions = (kind: "album" | "track", id: string, locale: string) =>
  queryOptions({
    queryKey: storeKeys.release(kind, id, langOf(locale)),
    queryFn: ({ signal }) =>
      api<ReleaseProductsResponse>(`${STORE_API}/releases/${kind}/${encodeURIComponent(id)}?${LANG_PARAM}=${langOf(locale)}`, { signal }),
    staleTime: 60_000,
  });

/** The Worker's prices for the cart as it stands (POST, but it changes nothing: a read). */
export const quoteQueryOptions = (body: QuoteBody) =>
  queryOptions({
    queryKey: storeKeys.quote(body),
    queryFn: ({ signal }) => api<QuoteResponse>(`${STORE_API}/quote`, { method: "POST", json: body, signal }),
    staleTime: 15_000,
    retry: false,
  });

export type CheckoutBody = QuoteBody & { email?: string; attemptId: string };

/**
 * Starts paying: the Worker prices the cart again, holds its stock and answers where to pay.
 * `botCheck`: a visitor's bot check (decision 090); a member's session is their proof.
 */
export const useStartCheckout = (botCheck: BotCheckToken | null) =>
  useMutation({
    mutationFn: async (body: CheckoutBody) =>
      api<{ url: string }>(`${STORE_API}/checkout`, { method: "POST", json: body, headers: botCheckHeaders(await botCheck?.take()) }),
  });
