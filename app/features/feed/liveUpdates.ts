// What the live feed's events do to the cache, and the two reads that catch up with the server:
// showing the new posts the reader asked for, and resynchronising after a reconnect.
// - post.created by someone else: not inserted (the list must not move under the reader); its id
//   is handed to `onNewPosts`, and the page offers a '{count} new posts' button.
// - post.deleted: the post leaves the list (and an open single-post page finds it gone).
// - comment.added / like.changed: the counts change in place.
import type { QueryClient } from "@tanstack/react-query";
import type { FeedEvent, FeedResponse, PostView } from "#contracts/feed.ts";
import { api } from "../../lib/api";
import { cachedFeedPosts, feedKeys, feedPagePath, findCachedPost, prependFeedPosts, removeFeedPost, updateCachedPost } from "./queries";

export type LiveHandlers = {
  /** The signed-in reader: their own posts are put in the list by the composer. */
  viewerId: string | null;
  /** Posts that exist on the server but not in the list yet. */
  onNewPosts?: (postIds: string[]) => void;
  /** Posts that are gone (e.g. to forget them from the new-posts count). */
  onDeleted?: (postId: string) => void;
};

const inFeed = (client: QueryClient, postId: string) => cachedFeedPosts(client).some((p) => p.id === postId);

const creatingPost = (client: QueryClient) => client.isMutating({ mutationKey: [...feedKeys.all, "create"] }) > 0;

export function applyFeedEvents(client: QueryClient, events: FeedEvent[], { viewerId, onNewPosts, onDeleted }: LiveHandlers) {
  const created: string[] = [];
  for (const event of events) {
    switch (event.type) {
      case "post.created":
        // The reader's own post is added by the composer when the server answers; one made in
        // another window while nothing is being posted here counts as new.
        if (inFeed(client, event.postId) || (event.authorId === viewerId && creatingPost(client))) break;
        if (!created.includes(event.postId)) created.push(event.postId);
        break;
      case "post.deleted":
        removeFeedPost(client, event.postId);
        client.removeQueries({ queryKey: feedKeys.comments(event.postId) });
        // A single-post page showing it reads it again, finds it gone and says so.
        void client.invalidateQueries({ queryKey: feedKeys.post(event.postId), exact: true });
        onDeleted?.(event.postId);
        break;
      case "comment.added": {
        const post = findCachedPost(client, event.postId);
        if (post && post.commentCount === event.commentCount) break; // our own comment, already shown
        updateCachedPost(client, event.postId, (p) => ({ ...p, commentCount: event.commentCount }));
        // An open comment list reads itself again; a closed one is read when opened.
        void client.invalidateQueries({ queryKey: feedKeys.comments(event.postId), exact: true });
        break;
      }
      case "like.changed":
        updateCachedPost(client, event.postId, (p) => ({ ...p, likeCount: event.likeCount }));
        break;
    }
  }
  if (created.length > 0) onNewPosts?.(created);
}

/** Counts and the reader's like as the server now has them. */
const refreshCounts = (fresh: PostView) => (p: PostView) => ({
  ...p,
  likeCount: fresh.likeCount,
  commentCount: fresh.commentCount,
  likedByMe: fresh.likedByMe,
});

/**
 * Shows the new posts: reads the first page and puts the posts the list lacks at its top. If the
 * first page shares no post with the list (more new posts than a page), the list starts over from
 * the first page instead, so no post goes missing between the two.
 */
export async function showNewPosts(client: QueryClient): Promise<void> {
  const page = await api<FeedResponse>(feedPagePath(null));
  const cached = cachedFeedPosts(client);
  const known = new Set(cached.map((p) => p.id));
  const fresh = page.posts.filter((p) => !known.has(p.id));
  const gap = cached.length > 0 && fresh.length === page.posts.length && page.nextCursor !== null;
  if (cached.length === 0 || gap) {
    await client.resetQueries({ queryKey: feedKeys.list, exact: true });
    return;
  }
  prependFeedPosts(client, fresh);
  for (const post of page.posts) if (known.has(post.id)) updateCachedPost(client, post.id, refreshCounts(post));
}

/**
 * After a reconnect, catches up with what happened while the socket was away, from the first
 * page: counts change in place, posts gone from it are removed, posts the list lacks are offered
 * as new (not inserted). Only the first page is compared; older pages keep their counts.
 */
export async function resyncFeed(client: QueryClient, { viewerId, onNewPosts, onDeleted }: LiveHandlers): Promise<void> {
  const cached = cachedFeedPosts(client);
  if (cached.length === 0 && !client.getQueryData(feedKeys.list)) return;
  const page = await api<FeedResponse>(feedPagePath(null));
  const onPage = new Map(page.posts.map((p) => [p.id, p]));
  const last = page.posts.at(-1);
  // The time span the first page covers: everything when it is the only page.
  const oldest = page.nextCursor === null || !last ? -Infinity : Date.parse(last.createdAt);
  for (const post of cached) {
    const fresh = onPage.get(post.id);
    if (fresh) updateCachedPost(client, post.id, refreshCounts(fresh));
    else if (Date.parse(post.createdAt) >= oldest) {
      removeFeedPost(client, post.id);
      onDeleted?.(post.id);
    }
  }
  const known = new Set(cached.map((p) => p.id));
  const newer = page.posts.filter((p) => !known.has(p.id) && !(p.author.id === viewerId && creatingPost(client))).map((p) => p.id);
  if (newer.length > 0) onNewPosts?.(newer);
}
