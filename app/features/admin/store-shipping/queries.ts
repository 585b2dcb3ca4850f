// The back office's shipping rates and free-shipping threshold: one read, one write of the whole
// table. Types only from the contracts' zod modules (their values would pull zod into this chunk).
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { ADMIN_SHIPPING_API, type ShippingSettings } from "#contracts/store/shipping.ts";
import { adminKeys } from "../queries";

export const shippingKey = [...adminKeys.all, "store", "shipping"] as const;

export const shippingQueryOptions = () =>
  queryOptions({
    queryKey: shippingKey,
    queryFn: ({ signal }) => api<ShippingSettings>(ADMIN_SHIPPING_API, { signal }),
  });

export function useSaveShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShippingSettings) => api<ShippingSettings>(ADMIN_SHIPPING_API, { method: "PUT", json: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(shippingKey, saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
  });
}
