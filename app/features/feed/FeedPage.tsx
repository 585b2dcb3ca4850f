// /social (docs/features.md#social-feed): the banner, the composer and the posts, newest first, with infinite scroll
// (an IntersectionObserver near the end of the list, and a 'Load more' button for keyboards and
// browsers without one). Feed failures show as a red banner at the top. Live events keep counts
// current in place and remove deleted posts; new posts by others wait behind a '{count} new
// posts' button, so the list never moves under the reader.
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { FeedEvent, PostView } from "#contracts/feed.ts";
import { EmptyState } from "../../components/EmptyState";
import { Loading } from "../../components/Loading";
import { QueryFailed } from "../../components/QueryState";
import { UiText } from "../../components/form/FormField";
import { meQueryOptions } from "../../lib/session/queries";
import { useSessionUser } from "../../lib/session/useSession";
import { Composer } from "./Composer";
import { DeletePostDialog } from "./DeletePostDialog";
import type { UiMessage } from "./errors";
import { applyFeedEvents, resyncFeed, showNewPosts, type LiveHandlers } from "./liveUpdates";
import { feedMessages as m, newPostsMessage } from "./messages";
import { PostCard } from "./PostCard";
import { feedQueryOptions } from "./queries";
import { useFeedSocket } from "./useFeedSocket";
import "./feed.css";

/** Starts loading the next page this far before the end of the list comes into view. */
const PREFETCH_MARGIN = "800px 0px";

/** A red banner at the top of the page, with a button to dismiss it. */
export function FeedErrorBanner({ text, onDismiss }: { text: UiMessage; onDismiss: () => void }) {
  return (
    <div className="error-banner feed-error" role="alert">
      <span>
        <UiText value={text} />
      </span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDismiss}>
        <FormattedMessage {...m.dismiss} />
      </button>
    </div>
  );
}

/**
 * The live socket wired to the cache. `onNewPosts` / `onDeleted` let the page keep its own state
 * (the new-posts count, the open comments) in step.
 */
export function useFeedLive({ viewerId, onNewPosts, onDeleted, onResync }: LiveHandlers & { onResync?: () => void }) {
  const client = useQueryClient();
  const handlers = useMemo<LiveHandlers>(() => ({ viewerId, onNewPosts, onDeleted }), [viewerId, onNewPosts, onDeleted]);
  const onEvents = useCallback((events: FeedEvent[]) => applyFeedEvents(client, events, handlers), [client, handlers]);
  const resync = useCallback(() => {
    if (onResync) onResync();
    else resyncFeed(client, handlers).catch((error: unknown) => console.warn("[feed] could not resynchronise", error));
  }, [client, handlers, onResync]);
  // The session is over: reading who is signed in again lets the header (and the next guard) know.
  const onSessionEnded = useCallback(() => void client.invalidateQueries({ queryKey: meQueryOptions().queryKey }), [client]);
  return useFeedSocket({ onEvents, onResync: resync, onSessionEnded, enabled: viewerId !== null });
}

export function FeedPage() {
  const intl = useIntl();
  const client = useQueryClient();
  const { user } = useSessionUser();
  const viewerId = user?.id ?? null;
  const feed = useInfiniteQuery(feedQueryOptions());
  const [banner, setBanner] = useState<UiMessage | null>(null);
  const [openComments, setOpenComments] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PostView | null>(null);
  const [newPostIds, setNewPostIds] = useState<string[]>([]);
  const [revealing, setRevealing] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);

  const onNewPosts = useCallback((ids: string[]) => setNewPostIds((prev) => [...prev, ...ids.filter((id) => !prev.includes(id))]), []);
  const onDeleted = useCallback((postId: string) => {
    setNewPostIds((prev) => (prev.includes(postId) ? prev.filter((id) => id !== postId) : prev));
    setOpenComments((open) => (open === postId ? null : open));
  }, []);
  useFeedLive({ viewerId, onNewPosts, onDeleted });

  const posts = useMemo(() => feed.data?.pages.flatMap((page) => page.posts) ?? [], [feed.data]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const autoLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !autoLoad || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [autoLoad, fetchNextPage]);

  const revealNewPosts = async () => {
    setRevealing(true);
    try {
      await showNewPosts(client);
      setNewPostIds([]);
      // The reader asked for them: take them to the top of the list, to the newest post.
      requestAnimationFrame(() => {
        const first = listRef.current?.querySelector<HTMLElement>("article");
        first?.scrollIntoView?.({ block: "start" });
        first?.focus({ preventScroll: true });
      });
    } catch {
      setBanner({ message: m.loadFailed });
    } finally {
      setRevealing(false);
    }
  };

  const toggleComments = (postId: string) => setOpenComments((open) => (open === postId ? null : postId));

  return (
    <section className="page feed-page">
      <header className="feed-hero">
        <h1>
          <FormattedMessage {...m.bannerTitle} />
        </h1>
        <p className="page-intro">
          <FormattedMessage {...m.bannerIntro} />
        </p>
      </header>

      <div className="feed-column">
        {banner && <FeedErrorBanner text={banner} onDismiss={() => setBanner(null)} />}
        {feed.isError && !feed.data && (
          <QueryFailed
            message={<FormattedMessage {...m.loadFailed} />}
            error={feed.error}
            retryLabel={<FormattedMessage {...m.tryAgain} />}
            onRetry={() => void feed.refetch()}
            retrying={feed.isFetching}
          />
        )}

        <Composer onError={setBanner} />

        <section className="feed-list" aria-labelledby="feed-list-title">
          <h2 id="feed-list-title" className="sr-only">
            <FormattedMessage {...m.listTitle} />
          </h2>

          {/* Floats over the list (no height of its own), so showing the button moves nothing;
              a polite live region, so the count is announced as it grows. */}
          <div className="feed-new-posts" aria-live="polite">
            {newPostIds.length > 0 && (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => void revealNewPosts()} disabled={revealing}>
                <FormattedMessage {...newPostsMessage} values={{ count: newPostIds.length }} />
              </button>
            )}
          </div>

          {feed.isPending && <Loading label={<FormattedMessage {...m.loading} />} />}

          {feed.data && posts.length === 0 && (
            <EmptyState icon="sparkle" title={<FormattedMessage {...m.empty} />} hint={<FormattedMessage {...m.emptyHint} />} />
          )}

          {posts.length > 0 && (
            <div ref={listRef} role="feed" className="feed-posts" aria-busy={isFetchingNextPage} aria-label={intl.formatMessage(m.listTitle)}>
              {posts.map((post, index) => (
                <PostCard
                  key={post.id}
                  post={post}
                  viewerId={viewerId}
                  position={index + 1}
                  commentsOpen={openComments === post.id}
                  onToggleComments={() => toggleComments(post.id)}
                  onDelete={setDeleting}
                  onError={setBanner}
                />
              ))}
            </div>
          )}

          {hasNextPage && (
            <div ref={sentinelRef} className="feed-more">
              {isFetchNextPageError && <QueryFailed message={<FormattedMessage {...m.loadFailed} />} error={feed.error} />}
              <button type="button" className="btn btn-ghost" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                <FormattedMessage {...(isFetchingNextPage ? m.loadingMore : m.loadMore)} />
              </button>
            </div>
          )}
          {feed.data && !hasNextPage && posts.length > 0 && (
            <p className="muted feed-end">
              <FormattedMessage {...m.end} />
            </p>
          )}
        </section>
      </div>

      {deleting && (
        <DeletePostDialog
          post={deleting}
          onClose={() => setDeleting(null)}
          onError={setBanner}
          onDeleted={(post) => {
            setOpenComments((open) => (open === post.id ? null : open));
            setBanner(null);
          }}
        />
      )}
    </section>
  );
}
