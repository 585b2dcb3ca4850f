// A shared post's address opened by a visitor. A public post shows whole: who wrote it, its text
// and picture, and an invitation to sign in to like and comment. Any other post shows who shared
// it and asks the visitor to sign in or join (a VIP-only post: to become VIP) to read it; its text
// and picture are never on this page (the API does not send them to visitors).
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { PostTeaser as PostTeaserData } from "#contracts/feed.ts";
import { Avatar } from "../../components/Avatar";
import { QueryState } from "../../components/QueryState";
import { PostContent } from "../../components/PostContent";
import { useSiteConfig } from "../../lib/session/useSession";
import { feedMessages as m, imageAltMessage, teaserSharedByMessage, teaserTitleMessage } from "./messages";
import { PostNotFound } from "./PostPage";
import { isMissingPost, postTeaserQueryOptions } from "./queries";
import { gateText, isVipGate, lockedForMessage } from "../../lib/tiers/tierGate";
import "./feed.css";

function SignInActions({ here, vip }: { here: string; vip: boolean }) {
  return (
    <div className="post-teaser-actions">
      <Link to="/social/login" search={{ redirect: here }} className="btn btn-primary">
        <FormattedMessage {...m.teaserSignIn} />
      </Link>
      {vip ? (
        <Link to="/vip-signup" className="btn btn-ghost">
          <FormattedMessage {...m.lockedCta} />
        </Link>
      ) : (
        <Link to="/social/signup" className="btn btn-ghost">
          <FormattedMessage {...m.teaserJoin} />
        </Link>
      )}
    </div>
  );
}

/** A public post, as anyone with the link reads it. */
function PublicPost({ teaser, content, here }: { teaser: PostTeaserData; content: string; here: string }) {
  const intl = useIntl();
  const { author, image } = teaser;
  return (
    <article className="card post feed-post post-public" aria-labelledby="post-public-author">
      <header className="feed-post-head">
        <Avatar src={author.avatarUrl} alt="" size={44} className="feed-avatar" />
        <h1 id="post-public-author" className="feed-post-author">
          <span className="feed-post-username">{author.username}</span>
          {teaser.official && (
            <span className="badge badge-admin feed-badge">
              <FormattedMessage {...m.officialBadge} />
            </span>
          )}
        </h1>
      </header>
      <PostContent text={content} />
      {image && (
        <img
          className="post-image feed-post-image"
          src={image.url}
          width={image.width}
          height={image.height}
          alt={intl.formatMessage(imageAltMessage, { username: author.username })}
          decoding="async"
        />
      )}
      <p className="muted">
        <FormattedMessage {...m.teaserPublicHint} />
      </p>
      <SignInActions here={here} vip={false} />
    </article>
  );
}

/** A post the visitor may not read: who shared it, and the way in. */
function ClosedPost({ teaser, here, brand }: { teaser: PostTeaserData; here: string; brand: string }) {
  const intl = useIntl();
  const gated = teaser.visibility === "vip";
  const vip = gated && isVipGate(teaser.tiers);
  return (
    <article className="card post-teaser" aria-labelledby="post-teaser-title">
      <Avatar src={teaser.author.avatarUrl} alt="" size={64} />
      <h1 id="post-teaser-title">{intl.formatMessage(teaserTitleMessage, { brand })}</h1>
      <p className="post-teaser-author">{intl.formatMessage(teaserSharedByMessage, { username: teaser.author.username })}</p>
      <p className="muted">
        {gated && !vip && teaser.tiers ? (
          <FormattedMessage {...lockedForMessage} values={{ tiers: gateText(intl, teaser.tiers) }} />
        ) : (
          <FormattedMessage {...(vip ? m.teaserVipHint : m.teaserHint)} />
        )}
      </p>
      <SignInActions here={here} vip={gated} />
    </article>
  );
}

export function PostTeaser({ postId }: { postId: string }) {
  const intl = useIntl();
  // Read here, whatever the post: this keeps the site's settings loading, and the page title takes its brand from them.
  const brand = useSiteConfig()?.brandName ?? "";
  const query = useQuery(postTeaserQueryOptions(postId));
  const here = `/social/post/${postId}`;
  return (
    <section className="page feed-page feed-single">
      {query.isError && isMissingPost(query.error) ? (
        <PostNotFound />
      ) : (
        <QueryState query={query} loading={intl.formatMessage(m.postLoading)} failed={intl.formatMessage(m.postLoadFailed)}>
          {({ teaser }) =>
            teaser.content !== null ? (
              <PublicPost teaser={teaser} content={teaser.content} here={here} />
            ) : (
              <ClosedPost teaser={teaser} here={here} brand={brand} />
            )
          }
        </QueryState>
      )}
    </section>
  );
}
