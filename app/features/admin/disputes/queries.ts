// The disputes list, one dispute, and its writes (the note, the submission, and the local test
// checkout's raise and close). After a write the dispute, the list and the order are fetched again.
// Types only from the zod contract; values from its zod-free half.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { DISPUTES_API, type DisputeDetailResponse, type DisputesListResponse } from "#contracts/disputes-model.ts";
import { adminKeys } from "../queries";

export const disputeKeys = {
  all: [...adminKeys.all, "disputes"] as const,
  list: [...adminKeys.all, "disputes", "list"] as const,
  detail: (id: string) => [...adminKeys.all, "disputes", "detail", id] as const,
};

export const disputesQueryOptions = () =>
  queryOptions({ queryKey: disputeKeys.list, queryFn: ({ signal }) => api<DisputesListResponse>(DISPUTES_API, { signal }), staleTime: 10_000 });

export const disputeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: disputeKeys.detail(id),
    queryFn: ({ signal }) => api<DisputeDetailResponse>(`${DISPUTES_API}/${encodeURIComponent(id)}`, { signal }),
  });

/** A write that answers the dispute as it is now. */
function useDisputeWrite<T>(send: (input: T) => Promise<DisputeDetailResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(disputeKeys.detail(answer.dispute.id), answer);
      void queryClient.invalidateQueries({ queryKey: disputeKeys.list });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "store-orders"] });
    },
  });
}

const path = (id: string, rest: string) => `${DISPUTES_API}/${encodeURIComponent(id)}${rest}`;

export const useSaveNote = (id: string) => useDisputeWrite((note: string) => api<DisputeDetailResponse>(path(id, "/note"), { method: "PUT", json: { note } }));
export const useSubmitEvidence = (id: string) => useDisputeWrite(() => api<DisputeDetailResponse>(path(id, "/submit"), { method: "POST" }));
export const useLocalClose = (id: string) =>
  useDisputeWrite((outcome: "won" | "lost") => api<DisputeDetailResponse>(path(id, "/local-close"), { method: "POST", json: { outcome } }));
export const useLocalRaise = () =>
  useDisputeWrite((input: ({ orderNumber: number } | { username: string }) & { type: "dispute" | "fraud_warning" }) =>
    api<DisputeDetailResponse>(`${DISPUTES_API}/local`, { method: "POST", json: input }),
  );
