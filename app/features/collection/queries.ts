// The member's collection (GET /api/store/collection: per member, so a sign-in or sign-out resets
// it with the other queries, app/lib/session/logout.ts), a fresh download link, and claiming guest
// purchases by e-mail (asking for the link, then using it).
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { ClaimConfirmResponse, ClaimRequestResponse, CollectionResponse, RenewLinkBody, RenewLinkResponse } from "#contracts/store/collection.ts";
import { COLLECTION_API } from "#contracts/store/model.ts";

export const collectionKeys = { all: ["collection"] as const };

export const collectionQueryOptions = () =>
  queryOptions({
    queryKey: collectionKeys.all,
    queryFn: ({ signal }) => api<CollectionResponse>(COLLECTION_API, { signal }),
    // The links in it expire after a day: a page kept open that long asks for a fresh one on click.
    staleTime: 60_000,
  });

export const useRenewLink = () =>
  useMutation({ mutationFn: (body: RenewLinkBody) => api<RenewLinkResponse>(`${COLLECTION_API}/links`, { method: "POST", json: body }) });

export const useClaimRequest = () =>
  useMutation({ mutationFn: (email: string) => api<ClaimRequestResponse>(`${COLLECTION_API}/claim`, { method: "POST", json: { email } }) });

/** Uses a claim link; what it attached shows at once. */
export function useClaimConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<ClaimConfirmResponse>(`${COLLECTION_API}/claim/confirm`, { method: "POST", json: { token } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
