// /social/post/{id}: one post (the address Share hands out) with its comments open, kept current
// by the live socket. 'Post not found' for an id that cannot exist, a 404, or a post deleted while
// it is on screen; a deleted-from-here post leads back to the feed.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { FormattedMessage } from "react-intl";
import { POST_ID_PATTERN, type PostView } from "#contracts/feed.ts";
import { EmptyState } from "../../components/EmptyState";
import { QueryState } from "../../components/QueryState";
import { useSessionUser } from "../../lib/session/useSession";
import { DeletePostDialog } from "./DeletePostDialog";
import type { UiMessage } from "./errors";
import { FeedErrorBanner, useFeedLive } from "./FeedPage";
import { feedMessages as m } from "./messages";
import { PostCard } from "./PostCard";
import { feedKeys, isMissingPost, postQueryOptions } from "./queries";
import "./feed.css";

/** Whether `postId` can name a post at all. Anything else is not found without asking the API. */
export const isPostId = (postId: string) => POST_ID_PATTERN.test(postId);

export function PostNotFound() {
  return (
    <EmptyState icon="alert" title={<FormattedMessage {...m.postNotFound} />} hint={<FormattedMessage {...m.postNotFoundHint} />}>
      <Link to="/social" className="btn btn-primary">
        <FormattedMessage {...m.backToFeed} />
      </Link>
    </EmptyState>
  );
}

export function PostPage({ postId }: { postId: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSessionUser();
  const valid = isPostId(postId);
  const query = useQuery({ ...postQueryOptions(postId), enabled: valid });
  const [commentsOpen, setCommentsOpen] = useState(true);
  const [deleting, setDeleting] = useState<PostView | null>(null);
  const [banner, setBanner] = useState<UiMessage | null>(null);

  // Counts change in place; after a reconnect the post is read again.
  const onResync = useCallback(() => void client.invalidateQueries({ queryKey: feedKeys.post(postId), exact: true }), [client, postId]);
  useFeedLive({ viewerId: valid ? (user?.id ?? null) : null, onResync });

  const missing = !valid || (query.isError && isMissingPost(query.error));

  return (
    <section className="page feed-page feed-single">
      <p className="feed-back">
        <Link to="/social">
          <FormattedMessage {...m.backToFeed} />
        </Link>
      </p>
      <div className="feed-column">
        {banner && <FeedErrorBanner text={banner} onDismiss={() => setBanner(null)} />}
        {missing ? (
          <PostNotFound />
        ) : (
          <QueryState
            query={query}
            loading={<FormattedMessage {...m.postLoading} />}
            failed={<FormattedMessage {...m.postLoadFailed} />}
            retry={<FormattedMessage {...m.tryAgain} />}
          >
            {({ post }) => (
              <PostCard
                post={post}
                viewerId={user?.id ?? null}
                commentsOpen={commentsOpen}
                onToggleComments={() => setCommentsOpen((open) => !open)}
                onDelete={setDeleting}
                onError={setBanner}
              />
            )}
          </QueryState>
        )}
      </div>
      {deleting && (
        <DeletePostDialog
          post={deleting}
          onClose={() => setDeleting(null)}
          onError={setBanner}
          onDeleted={() => {
            void navigate({ to: "/social" }).then(() => client.removeQueries({ queryKey: feedKeys.post(postId), exact: true }));
          }}
        />
      )}
    </section>
  );
}
