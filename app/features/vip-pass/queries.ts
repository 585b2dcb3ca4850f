// The member's pass for the current minute. It is asked for again when its minute ends, timed by
// the server's clock (serverTime), whatever the phone's clock says.
import { queryOptions } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../lib/api";
import type { VipPassResponse } from "#contracts/tickets/vip-pass.ts";

export const vipPassQueryKey = ["vip-pass"] as const;

/** A little after the minute turns, so the next answer is surely the next minute's. */
const AFTER_TURN_MS = 300;
const MIN_REFRESH_MS = 1000;

/** How long after `pass` arrived the next one is due. */
export const refreshDelay = (pass: Pick<VipPassResponse, "expiresAt" | "serverTime">) =>
  Math.max(MIN_REFRESH_MS, Date.parse(pass.expiresAt) - Date.parse(pass.serverTime) + AFTER_TURN_MS);

export const vipPassQueryOptions = () =>
  queryOptions({
    queryKey: vipPassQueryKey,
    queryFn: ({ signal }) => api<VipPassResponse>("/api/vip-pass", { signal }),
    refetchInterval: (query) => (query.state.data ? refreshDelay(query.state.data) : false),
    // Also when the page is hidden: the pass is shown at a door, often after the phone slept.
    refetchIntervalInBackground: true,
    // A pass never outlives its minute: coming back to the tab asks at once.
    staleTime: 0,
    gcTime: 0,
    // A refusal (403: no longer VIP) will not change on a retry; a network failure might.
    retry: (failures, error) => failures < 2 && !(error instanceof ApiRequestError && error.status < 500),
  });
