// The user's posts on their profile page, newest first, each with its own image fallback. The text
// is shown as the feed shows it (PostContent: text, line breaks kept, web addresses as safe links),
// and an image's width and height, when known, reserve its space before it loads.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from "react-intl";
import type { ProfilePost } from "#contracts/profiles.ts";
import { EmptyState } from "../../components/EmptyState";
import { QueryState } from "../../components/QueryState";
import { PostContent } from "../../components/PostContent";
import { DEFAULT_PHOTO_URL } from "../../components/defaultImages";
import { profileMessages } from "./messages";
import { profilePostsQueryOptions } from "./queries";

function PostImage({ src, width, height }: { src: string; width: number | null; height: number | null }) {
  const intl = useIntl();
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="post-image"
      src={failed ? DEFAULT_PHOTO_URL : src}
      width={width ?? undefined}
      height={height ?? undefined}
      alt={intl.formatMessage(profileMessages.postImageAlt)}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

function PostItem({ post }: { post: ProfilePost }) {
  return (
    <li>
      <article className="card post">
        <time className="muted" dateTime={post.createdAt}>
          <FormattedDate value={post.createdAt} dateStyle="medium" /> <FormattedTime value={post.createdAt} timeStyle="short" />
        </time>
        {/* Rendered as text: user content never becomes HTML. */}
        <PostContent text={post.content} />
        {post.imageUrl && <PostImage src={post.imageUrl} width={post.imageWidth} height={post.imageHeight} />}
      </article>
    </li>
  );
}

export function ProfilePosts({ userId }: { userId: string }) {
  const posts = useQuery(profilePostsQueryOptions(userId));
  return (
    <section className="profile-posts" aria-labelledby="profile-posts-title">
      <h2 id="profile-posts-title">
        <FormattedMessage {...profileMessages.postsTitle} />
      </h2>
      <QueryState
        query={posts}
        loading={<FormattedMessage {...profileMessages.postsLoading} />}
        failed={<FormattedMessage {...profileMessages.postsLoadFailed} />}
      >
        {(data) =>
          data.posts.length === 0 ? (
            <EmptyState title={<FormattedMessage {...profileMessages.postsEmpty} />} hint={<FormattedMessage {...profileMessages.postsEmptyHint} />} />
          ) : (
            <ul className="post-list">
              {data.posts.map((post) => (
                <PostItem key={post.id} post={post} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
