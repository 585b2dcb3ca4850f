// The orders list (one query per filter set and page), one order, the export link, and the two
// writes (mark shipped, refund). After a write the order, the list and the audit log are fetched
// again. Types only from the zod contract; values from its zod-free half.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { STORE_ORDERS_API, type OrderFilterStatus } from "#contracts/store/admin-orders-limits.ts";
import type { OrderDetailResponse, OrdersListResponse, RefundBody, RefundResponse, ShipBody, ShipResponse } from "#contracts/store/admin-orders.ts";
import { adminKeys, adminTimeZone } from "../queries";

/** `ships`: "later" keeps the orders with merch that ships from a later day (decision 118), "now" the others. */
export type OrderFilters = { search: string; status: OrderFilterStatus | "all"; product: string; ships: "all" | "now" | "later"; from: string; to: string };
export const DEFAULT_FILTERS: OrderFilters = { search: "", status: "all", product: "", ships: "all", from: "", to: "" };

export const orderKeys = {
  all: [...adminKeys.all, "store-orders"] as const,
  list: (filters: OrderFilters, page: number, tz: string) => [...adminKeys.all, "store-orders", "list", filters, page, tz] as const,
  detail: (id: string) => [...adminKeys.all, "store-orders", "detail", id] as const,
};

/** The filters as the API's query string; the zone makes the period's days the admin's own. */
export function filterParams(filters: OrderFilters, tz: string = adminTimeZone()): URLSearchParams {
  const { search, status, product, ships, from, to } = filters;
  return new URLSearchParams({ search: search.trim(), status, product, ships, from, to, tz });
}

export const ordersQueryOptions = (filters: OrderFilters, page = 1, tz: string = adminTimeZone()) =>
  queryOptions({
    queryKey: orderKeys.list(filters, page, tz),
    queryFn: ({ signal }) => {
      const params = filterParams(filters, tz);
      params.set("page", String(page));
      return api<OrdersListResponse>(`${STORE_ORDERS_API}?${params}`, { signal });
    },
    staleTime: 10_000,
  });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api<OrderDetailResponse>(`${STORE_ORDERS_API}/${encodeURIComponent(id)}`, { signal }),
  });

/** orders.csv of every order the filters match (a plain link: the browser downloads it). */
export const exportUrl = (filters: OrderFilters, tz: string = adminTimeZone()) => `${STORE_ORDERS_API}/export.csv?${filterParams(filters, tz)}`;

/** A write to one order: its detail takes the answer, and the lists and the audit log are fetched again. */
function useOrderWrite<TBody, TResult extends { order: OrderDetailResponse["order"] }>(id: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: TBody) => api<TResult>(`${STORE_ORDERS_API}/${encodeURIComponent(id)}/${path}`, { method: "POST", json }),
    onSuccess: (result) => queryClient.setQueryData(orderKeys.detail(id), { order: result.order }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
  });
}

export const useShipOrder = (id: string) => useOrderWrite<ShipBody, ShipResponse>(id, "ship");
export const useRefundOrder = (id: string) => useOrderWrite<RefundBody, RefundResponse>(id, "refunds");
