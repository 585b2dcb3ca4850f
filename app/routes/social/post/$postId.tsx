import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "../../../lib/session/guards";
import { postMetaNamedMessage, feedMessages } from "../../../features/feed/messages";
import { isPostId, PostPage } from "../../../features/feed/PostPage";
import { postQueryOptions } from "../../../features/feed/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

// A shared post (the address the feed's Share button hands out): sign-in required, like /social.
export const Route = createFileRoute("/social/post/$postId")({
  beforeLoad: requireSignedIn,
  component: PostRoute,
});

function PostRoute() {
  const { postId } = Route.useParams();
  // The page reads the post; the tab names its author once it has (this never asks by itself).
  const username = useQuery({ ...postQueryOptions(postId), enabled: false }).data?.post.author.username;
  usePageMeta(username && isPostId(postId) ? { title: postMetaNamedMessage, titleValues: { username } } : { title: feedMessages.metaTitle });
  return <PostPage postId={postId} />;
}
