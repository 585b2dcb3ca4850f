// One post of the feed (docs/features.md#social-feed): the author (stock avatar by default, name linking to the
// profile, VIP badge), when (relative, the full date in the title), the text (as text, links made
// safe), the image (space reserved from its width and height; a stock photo if it fails), and the
// actions: like, comments (one post's open at a time; the page decides), share, report, delete
// (author or admin only: the server says so in canDelete, and checks again), and for admins pin or
// unpin an official post. Badges say an official post (the artist's account, no profile link), a
// pinned one, and who can read it when that is not the members (Public, VIP only). A VIP-only post
// the reader may not read arrives locked (no text, picture or counts: the server never sends them)
// and shows as a teaser with a way to become VIP, and nothing to like, comment or report.
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { PostView } from "#contracts/feed.ts";
import { Icon } from "../../components/Icon";
import { Avatar } from "../../components/Avatar";
import { TierBadge } from "../../components/TierBadge";
import { DEFAULT_PHOTO_URL } from "../../components/defaultImages";
import { Comments } from "./Comments";
import { feedErrorText, type UiMessage } from "./errors";
import { commentsButtonMessage, feedMessages as m, imageAltMessage, likeButtonMessage, shareTitleMessage } from "./messages";
import { usePinPost, useToggleLike } from "./mutations";
import { PostContent } from "../../components/PostContent";
import { RelativeTime } from "../../components/RelativeTime";
import { useOrigin } from "../../lib/origin";
import { useSessionUser } from "../../lib/session/useSession";
import { ReportDialog } from "./ReportDialog";
import { useShare } from "./useShare";
import { gateText, isVipGate, lockedForMessage, tierGateMessages } from "../../lib/tiers/tierGate";
import "./feed.css";

/** The address a post is shared by. */
export const postShareUrl = (postId: string, origin: string) => `${origin}/social/post/${encodeURIComponent(postId)}`;

export type PostCardProps = {
  post: PostView;
  /** The signed-in reader (no Report on their own posts). */
  viewerId: string | null;
  commentsOpen: boolean;
  onToggleComments: () => void;
  /** Opens the Delete Post dialog (shown only when the post can be deleted). */
  onDelete: (post: PostView) => void;
  /** A failure to show in the page's banner (e.g. a like the server refused). */
  onError?: (text: UiMessage) => void;
  /** Position in the feed (1-based), for assistive technology's feed navigation. */
  position?: number;
};

function PostImage({ image, username }: { image: NonNullable<PostView["image"]>; username: string }) {
  const intl = useIntl();
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="post-image feed-post-image"
      src={failed ? DEFAULT_PHOTO_URL : image.url}
      width={image.width}
      height={image.height}
      alt={intl.formatMessage(imageAltMessage, { username })}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      className="feed-heart"
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z" />
    </svg>
  );
}

/**
 * What a locked post shows in place of its text and picture: a blurred line that stands for nothing,
 * and the tiers that open it (VIP's own texts for a post for VIP and above).
 */
function LockedBody({ tiers }: { tiers: PostView["tiers"] }) {
  const intl = useIntl();
  const vip = isVipGate(tiers);
  return (
    <div className="feed-locked">
      <span className="feed-locked-line" aria-hidden="true" />
      <p className="feed-locked-title">
        <Icon name="lock" size={18} />
        {vip || !tiers ? <FormattedMessage {...m.lockedTitle} /> : <FormattedMessage {...lockedForMessage} values={{ tiers: gateText(intl, tiers) }} />}
      </p>
      <Link to="/vip-signup" className="btn btn-primary btn-sm">
        <FormattedMessage {...(vip ? m.lockedCta : tierGateMessages.joinCta)} />
      </Link>
    </div>
  );
}

/** Official, pinned and who-can-read badges (members, the usual, has none). */
function PostBadges({ post }: { post: PostView }) {
  const intl = useIntl();
  return (
    <>
      {post.official && (
        <span className="badge badge-admin feed-badge">
          <FormattedMessage {...m.officialBadge} />
        </span>
      )}
      <TierBadge holder={post.author} vipLabel={intl.formatMessage(m.vipBadge)} />
      {post.pinned && (
        <span className="badge feed-badge">
          <Icon name="star" size={12} />
          <FormattedMessage {...m.pinnedBadge} />
        </span>
      )}
      {post.visibility === "public" && (
        <span className="badge feed-badge">
          <Icon name="globe" size={12} />
          <FormattedMessage {...m.publicBadge} />
        </span>
      )}
      {post.visibility === "vip" && (
        <span className="badge feed-badge">
          <Icon name="lock" size={12} />
          {isVipGate(post.tiers) || !post.tiers ? <FormattedMessage {...m.vipOnlyBadge} /> : gateText(intl, post.tiers)}
        </span>
      )}
    </>
  );
}

export function PostCard({ post, viewerId, commentsOpen, onToggleComments, onDelete, onError, position }: PostCardProps) {
  const intl = useIntl();
  const origin = useOrigin();
  const id = useId();
  const authorId = `${id}-author`;
  const commentsId = `${id}-comments`;
  const like = useToggleLike(post.id);
  const pin = usePinPost(post.id);
  const isAdmin = useSessionUser().user?.isAdmin ?? false;
  const [reporting, setReporting] = useState(false);
  const [shareState, share] = useShare(postShareUrl(post.id, origin), intl.formatMessage(shareTitleMessage, { username: post.author.username }));
  const isOwn = viewerId !== null && viewerId === post.author.id;

  const toggleLike = () =>
    like.mutate(!post.likedByMe, {
      onError: (error) => onError?.(feedErrorText(error, m.likeFailed)),
    });
  const togglePin = () => pin.mutate(!post.pinned, { onError: (error) => onError?.(feedErrorText(error, m.pinFailed)) });

  return (
    <article
      className="card post feed-post"
      aria-labelledby={authorId}
      aria-posinset={position}
      aria-setsize={position ? -1 : undefined}
      tabIndex={-1}
      data-post-id={post.id}
    >
      <header className="feed-post-head">
        <Avatar src={post.author.avatarUrl} alt="" size={44} className="feed-avatar" />
        <div className="feed-post-byline">
          <span id={authorId} className="feed-post-author">
            {post.author.id === null ? (
              <span className="feed-post-username">{post.author.username}</span>
            ) : (
              <Link to="/social/profile/$userId" params={{ userId: post.author.id }} className="feed-post-username">
                {post.author.username}
              </Link>
            )}
            <PostBadges post={post} />
          </span>
          <RelativeTime iso={post.createdAt} className="muted feed-post-time" />
        </div>
      </header>

      {post.locked ? (
        <LockedBody tiers={post.tiers} />
      ) : (
        <>
          <PostContent text={post.content} />
          {post.image && <PostImage image={post.image} username={post.author.username} />}
        </>
      )}

      {!post.locked && (
        <footer className="feed-post-actions">
          <button
            type="button"
            className={`btn btn-ghost btn-sm feed-like${post.likedByMe ? " is-liked" : ""}`}
            aria-pressed={post.likedByMe}
            aria-label={intl.formatMessage(likeButtonMessage, { count: post.likeCount })}
            onClick={toggleLike}
          >
            <HeartIcon filled={post.likedByMe} />
            <span aria-hidden="true">{intl.formatNumber(post.likeCount)}</span>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-expanded={commentsOpen}
            aria-controls={commentsOpen ? commentsId : undefined}
            onClick={onToggleComments}
          >
            <FormattedMessage {...commentsButtonMessage} values={{ count: post.commentCount }} />
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void share()}>
            <Icon name="upload" size={16} />
            <FormattedMessage {...m.share} />
          </button>
          <span className="feed-share-status" role="status">
            {shareState === "copied" && <FormattedMessage {...m.linkCopied} />}
            {shareState === "failed" && <FormattedMessage {...m.copyFailed} />}
          </span>
          <span className="feed-post-actions-end">
            {!isOwn && (
              <button type="button" className="btn btn-ghost btn-sm" aria-label={intl.formatMessage(m.reportLabel)} onClick={() => setReporting(true)}>
                <Icon name="alert" size={16} />
                <FormattedMessage {...m.report} />
              </button>
            )}
            {isAdmin && post.official && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={pin.isPending} onClick={togglePin}>
                <FormattedMessage {...(post.pinned ? m.unpin : m.pin)} />
              </button>
            )}
            {post.canDelete && (
              <button type="button" className="btn btn-ghost btn-sm feed-delete" aria-label={intl.formatMessage(m.deleteLabel)} onClick={() => onDelete(post)}>
                <FormattedMessage {...m.delete} />
              </button>
            )}
          </span>
        </footer>
      )}

      {commentsOpen && !post.locked && <Comments id={commentsId} postId={post.id} viewerId={viewerId} />}
      {reporting && <ReportDialog target={{ postId: post.id }} onClose={() => setReporting(false)} />}
    </article>
  );
}
