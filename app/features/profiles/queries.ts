import { queryOptions } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../lib/api";
import type { ProfilePostsResponse, ProfileResponse } from "../../../worker/contracts/profiles";

/** A 4xx will not change on a second try (404, 400 for a malformed id, 401); a 5xx or a network error might. */
const retryOnlyTransientFailures = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiRequestError && error.status < 500);

export const profileQueryKey = (userId: string) => ["profiles", userId] as const;

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileQueryKey(userId),
    queryFn: ({ signal }) => api<ProfileResponse>(`/api/profiles/${encodeURIComponent(userId)}`, { signal }),
    retry: retryOnlyTransientFailures,
    staleTime: 30_000,
  });

export const profilePostsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...profileQueryKey(userId), "posts"],
    queryFn: ({ signal }) => api<ProfilePostsResponse>(`/api/profiles/${encodeURIComponent(userId)}/posts`, { signal }),
    retry: retryOnlyTransientFailures,
    staleTime: 30_000,
  });
