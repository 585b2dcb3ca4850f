// The back office's store: the products, the catalog's releases for the product form, the
// promotion codes, and the writes. After a write the lists and the audit log are fetched again.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { ADMIN_STORE_API } from "#contracts/store/admin-limits.ts";
import type { AdminProductsResponse, AdminPromoCodesResponse, PreorderFiguresResponse, StoreReleasesResponse } from "#contracts/store/admin.ts";
import { adminKeys } from "../queries";

const PRODUCTS = `${ADMIN_STORE_API}/products`;
const PROMOS = `${ADMIN_STORE_API}/promo-codes`;

export const storeAdminKeys = {
  all: [...adminKeys.all, "store"] as const,
  products: [...adminKeys.all, "store", "products"] as const,
  releases: [...adminKeys.all, "store", "releases"] as const,
  promoCodes: [...adminKeys.all, "store", "promo-codes"] as const,
  preorders: [...adminKeys.all, "store", "preorders"] as const,
};

/** Pre-order counts and revenue per album (decision 118). */
export const preorderFiguresQueryOptions = () =>
  queryOptions({
    queryKey: storeAdminKeys.preorders,
    queryFn: ({ signal }) => api<PreorderFiguresResponse>(`${ADMIN_STORE_API}/preorders`, { signal }),
    staleTime: 10_000,
  });

export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: storeAdminKeys.products,
    queryFn: ({ signal }) => api<AdminProductsResponse>(PRODUCTS, { signal }),
    staleTime: 10_000,
  });

/** The catalog changes rarely while a form is open: kept for five minutes. */
export const storeReleasesQueryOptions = () =>
  queryOptions({
    queryKey: storeAdminKeys.releases,
    queryFn: ({ signal }) => api<StoreReleasesResponse>(`${ADMIN_STORE_API}/releases`, { signal }),
    staleTime: 5 * 60_000,
  });

export const adminPromoCodesQueryOptions = () =>
  queryOptions({
    queryKey: storeAdminKeys.promoCodes,
    queryFn: ({ signal }) => api<AdminPromoCodesResponse>(PROMOS, { signal }),
    staleTime: 10_000,
  });

/** Refreshes what a store write changed: the lists, the audit log, and the public store's reads. */
export function useStoreRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: storeAdminKeys.products });
    void queryClient.invalidateQueries({ queryKey: storeAdminKeys.promoCodes });
    void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    void queryClient.invalidateQueries({ queryKey: ["store"] });
  };
}

/** A store write: the lists are fetched again whatever the outcome (a 404 means it moved on). */
export function useStoreWrite<TVars, TResult>(write: (vars: TVars) => Promise<TResult>) {
  const refresh = useStoreRefresh();
  return useMutation({ mutationFn: write, onSettled: refresh });
}

const product = (id: string) => `${PRODUCTS}/${id}`;
const variant = (productId: string, variantId: string) => `${product(productId)}/variants/${variantId}`;

export const storeApi = {
  createProduct: <T>(json: unknown) => api<T>(PRODUCTS, { method: "POST", json }),
  updateProduct: <T>(id: string, json: unknown) => api<T>(product(id), { method: "PUT", json }),
  deleteProduct: <T>(id: string) => api<T>(product(id), { method: "DELETE" }),
  pictureUploadUrl: (id: string) => `${product(id)}/images`,
  orderPictures: <T>(id: string, ids: number[]) => api<T>(`${product(id)}/images/order`, { method: "PUT", json: { ids } }),
  deletePicture: <T>(id: string, imageId: number) => api<T>(`${product(id)}/images/${imageId}`, { method: "DELETE" }),
  createVariant: <T>(productId: string, json: unknown) => api<T>(`${product(productId)}/variants`, { method: "POST", json }),
  updateVariant: <T>(productId: string, variantId: string, json: unknown) => api<T>(variant(productId, variantId), { method: "PUT", json }),
  deleteVariant: <T>(productId: string, variantId: string) => api<T>(variant(productId, variantId), { method: "DELETE" }),
  adjustStock: <T>(productId: string, variantId: string, delta: number) =>
    api<T>(`${variant(productId, variantId)}/stock`, { method: "POST", json: { delta } }),
  createPromo: <T>(json: unknown) => api<T>(PROMOS, { method: "POST", json }),
  updatePromo: <T>(code: string, json: unknown) => api<T>(`${PROMOS}/${encodeURIComponent(code)}`, { method: "PUT", json }),
  deletePromo: <T>(code: string) => api<T>(`${PROMOS}/${encodeURIComponent(code)}`, { method: "DELETE" }),
};
