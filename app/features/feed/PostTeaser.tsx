// A shared post's address opened by a visitor: the community is for members, so the page says who
// shared a post here and asks them to sign in or join to read it. It never shows the post's text or
// picture (the API does not send them to visitors).
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { Avatar } from "../../components/Avatar";
import { Loading } from "../../components/Loading";
import { useSiteConfig } from "../../lib/session/useSession";
import { feedMessages as m, teaserSharedByMessage, teaserTitleMessage } from "./messages";
import { PostNotFound } from "./PostPage";
import { isMissingPost, postTeaserQueryOptions } from "./queries";
import "./feed.css";

export function PostTeaser({ postId }: { postId: string }) {
  const intl = useIntl();
  const brand = useSiteConfig()?.brandName ?? "";
  const query = useQuery(postTeaserQueryOptions(postId));
  const here = `/social/post/${postId}`;

  let body;
  if (query.isError && isMissingPost(query.error)) body = <PostNotFound />;
  else if (!query.data)
    body = query.isError ? <p role="alert">{intl.formatMessage(m.postLoadFailed)}</p> : <Loading label={intl.formatMessage(m.postLoading)} />;
  else {
    const { author } = query.data.teaser;
    body = (
      <article className="card post-teaser" aria-labelledby="post-teaser-title">
        <Avatar src={author.avatarUrl} alt="" size={64} />
        <h1 id="post-teaser-title">{intl.formatMessage(teaserTitleMessage, { brand })}</h1>
        <p className="post-teaser-author">{intl.formatMessage(teaserSharedByMessage, { username: author.username })}</p>
        <p className="muted">
          <FormattedMessage {...m.teaserHint} />
        </p>
        <div className="post-teaser-actions">
          <Link to="/social/login" search={{ redirect: here }} className="btn btn-primary">
            <FormattedMessage {...m.teaserSignIn} />
          </Link>
          <Link to="/social/signup" className="btn btn-ghost">
            <FormattedMessage {...m.teaserJoin} />
          </Link>
        </div>
      </article>
    );
  }
  return <section className="page feed-page feed-single">{body}</section>;
}
