import { queryOptions } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../lib/api";
import type { ProfilePostsResponse, ProfileResponse } from "#contracts/profiles.ts";
import { USER_ID_PATTERN } from "#contracts/ids.ts";

/** Whether `userId` can name a profile at all. Anything else is not found without asking the API. */
export const isUserId = (userId: string) => USER_ID_PATTERN.test(userId);

/** 404 (and 400: an id the server refuses) mean there is no such profile; anything else is a failure. */
export const isMissingProfile = (error: unknown) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

export const profileQueryKey = (userId: string) => ["profiles", userId] as const;

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileQueryKey(userId),
    queryFn: ({ signal }) => api<ProfileResponse>(`/api/profiles/${encodeURIComponent(userId)}`, { signal }),
    staleTime: 30_000,
  });

export const profilePostsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...profileQueryKey(userId), "posts"],
    queryFn: ({ signal }) => api<ProfilePostsResponse>(`/api/profiles/${encodeURIComponent(userId)}/posts`, { signal }),
    staleTime: 30_000,
  });

/** "@rita" in a profile address (an @mention's link): the username it names, or null for an id. */
export const usernameOfAddress = (userId: string): string | null => (/^@[A-Za-z0-9_]{1,30}$/.test(userId) ? userId.slice(1) : null);

/** The profile an @username names (GET /api/profiles/by-username/:username), for its id. */
export const profileByUsernameQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ["profiles", "by-username", username.toLowerCase()],
    queryFn: ({ signal }) => api<ProfileResponse>(`/api/profiles/by-username/${encodeURIComponent(username)}`, { signal }),
    staleTime: 30_000,
  });
