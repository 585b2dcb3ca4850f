// The social feed's reads (GET /api/posts in cursor pages, one post, a post's comments) and the
// helpers every mutation and live event uses to change what is cached. A post lives in two places
// (a page of the feed, and the single-post query of /social/post/{id}); the helpers keep both in
// step, so a like or a comment shows the same counts wherever the post is on screen.
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { CommentsResponse, FeedResponse, PostResponse, PostTeaserResponse, PostView } from "#contracts/feed.ts";
import type { AdminSettingsResponse } from "#contracts/admin/settings.ts";
import { api, ApiRequestError } from "../../lib/api";

export const feedKeys = {
  all: ["feed"] as const,
  list: ["feed", "posts"] as const,
  post: (postId: string) => ["feed", "post", postId] as const,
  comments: (postId: string) => ["feed", "comments", postId] as const,
  teaser: (postId: string) => ["feed", "teaser", postId] as const,
  artistName: ["feed", "artist-name"] as const,
};

export type FeedData = InfiniteData<FeedResponse, string | null>;

export const postPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}`;

export const feedPagePath = (cursor: string | null) => (cursor ? `/api/posts?${new URLSearchParams({ cursor })}` : "/api/posts");

/**
 * The feed, newest first, 20 posts a page. Not refetched on window focus or network reconnect:
 * new posts arrive through the live socket and are shown only when the reader asks, so the list
 * never moves under them (the socket's reconnect resynchronises counts, see liveUpdates.ts).
 */
export const feedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.list,
    queryFn: ({ pageParam, signal }) => api<FeedResponse>(feedPagePath(pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const postQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: feedKeys.post(postId),
    queryFn: ({ signal }) => api<PostResponse>(postPath(postId), { signal }),
    staleTime: 30_000,
  });

/** What a visitor may know of a shared post: who shared it (GET /api/posts/{id}/teaser). */
export const postTeaserQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: feedKeys.teaser(postId),
    queryFn: ({ signal }) => api<PostTeaserResponse>(`${postPath(postId)}/teaser`, { signal }),
    staleTime: 60_000,
  });

/** A post's comments, oldest first. */
export const commentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: feedKeys.comments(postId),
    queryFn: ({ signal }) => api<CommentsResponse>(`${postPath(postId)}/comments`, { signal }),
    staleTime: 30_000,
  });

/**
 * The artist's name, for an admin's "Post as {artist}" (the back office's settings, which only
 * admins may read; official posts themselves arrive with the name in their byline).
 */
export const artistNameQueryOptions = () =>
  queryOptions({
    queryKey: feedKeys.artistName,
    queryFn: async ({ signal }) => (await api<AdminSettingsResponse>("/api/admin/settings", { signal })).settings.artistName,
    staleTime: 5 * 60_000,
  });

/** 404 (and 400: an id the server refuses) mean there is no such post. */
export const isMissingPost = (error: unknown) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

// ---------------------------------------------------------------------------------------------
// Cache helpers

/** Every post of the cached feed, in order. */
export function cachedFeedPosts(client: QueryClient): PostView[] {
  return client.getQueryData<FeedData>(feedKeys.list)?.pages.flatMap((p) => p.posts) ?? [];
}

/** The cached copy of one post (the feed's, else the single-post query's). */
export function findCachedPost(client: QueryClient, postId: string): PostView | undefined {
  return cachedFeedPosts(client).find((p) => p.id === postId) ?? client.getQueryData<PostResponse>(feedKeys.post(postId))?.post;
}

/** Changes one post wherever it is cached. */
export function updateCachedPost(client: QueryClient, postId: string, change: (post: PostView) => PostView) {
  client.setQueryData<FeedData>(feedKeys.list, (data) => {
    if (!data || !data.pages.some((page) => page.posts.some((p) => p.id === postId))) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map((p) => (p.id === postId ? change(p) : p)) })) };
  });
  client.setQueryData<PostResponse>(feedKeys.post(postId), (data) => (data ? { post: change(data.post) } : data));
}

export type FeedPosition = { page: number; index: number };

/** Takes a post out of the feed; returns where it was (null: it was not there). */
export function removeFeedPost(client: QueryClient, postId: string): FeedPosition | null {
  let position: FeedPosition | null = null;
  client.setQueryData<FeedData>(feedKeys.list, (data) => {
    if (!data) return data;
    data.pages.forEach((page, pageIndex) => {
      const index = page.posts.findIndex((p) => p.id === postId);
      if (index >= 0 && !position) position = { page: pageIndex, index };
    });
    if (!position) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((p) => p.id !== postId) })) };
  });
  return position;
}

/** Puts a post back where it was (a failed delete), unless it is there already. */
export function restoreFeedPost(client: QueryClient, post: PostView, position: FeedPosition) {
  client.setQueryData<FeedData>(feedKeys.list, (data) => {
    if (!data || data.pages.length === 0 || data.pages.some((page) => page.posts.some((p) => p.id === post.id))) return data;
    const pageIndex = Math.min(position.page, data.pages.length - 1);
    return {
      ...data,
      pages: data.pages.map((page, i) => {
        if (i !== pageIndex) return page;
        const at = Math.min(position.index, page.posts.length);
        return { ...page, posts: [...page.posts.slice(0, at), post, ...page.posts.slice(at)] };
      }),
    };
  });
}

/**
 * Puts posts at the top of the feed (newest first), skipping any already there: below the pinned
 * posts, which head the first page, unless they are pinned themselves.
 */
export function prependFeedPosts(client: QueryClient, posts: PostView[]) {
  client.setQueryData<FeedData>(feedKeys.list, (data) => {
    if (!data || data.pages.length === 0) return data;
    const known = new Set(data.pages.flatMap((page) => page.posts.map((p) => p.id)));
    const fresh = posts.filter((p) => !known.has(p.id));
    if (fresh.length === 0) return data;
    const [first, ...rest] = data.pages;
    const listed = first!.posts;
    const pinnedCount = listed.filter((p) => p.pinned).length;
    const merged = [...fresh.filter((p) => p.pinned), ...listed.slice(0, pinnedCount), ...fresh.filter((p) => !p.pinned), ...listed.slice(pinnedCount)];
    return { ...data, pages: [{ ...first!, posts: merged }, ...rest] };
  });
}
