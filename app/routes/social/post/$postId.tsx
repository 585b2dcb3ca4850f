import { useQuery } from "@tanstack/react-query";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { meQueryOptions } from "../../../lib/session/queries";
import { useSessionUser } from "../../../lib/session/useSession";
import {
  postMetaNamedMessage,
  feedMessages,
  publicPostDescriptionMessage,
  teaserDescriptionMessage,
  teaserTitleMessage,
} from "../../../features/feed/messages";
import { PostPage } from "../../../features/feed/PostPage";
import { POST_ID_PATTERN } from "#contracts/ids.ts";
import { PostTeaser } from "../../../features/feed/PostTeaser";
import { postQueryOptions, postTeaserQueryOptions } from "../../../features/feed/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

// A shared post (the address the feed's Share button hands out). Members read it with its
// comments; a visitor sees who shared it and an invitation to sign in, never its text or picture,
// so a pasted link unfurls as "A post in the {brand} community" instead of a login wall. A public
// post is the exception its author chose: visitors read it whole, and its link unfurls with its
// text and picture.
export const Route = createFileRoute("/social/post/$postId")({
  beforeLoad: ({ params }) => {
    // The pattern, not the feed's contract: this runs in the entry chunk, which carries no zod.
    if (!POST_ID_PATTERN.test(params.postId)) throw notFound();
  },
  // A visitor's page is rendered with the teaser. A member's post renders in the browser (its
  // times are in the member's own time zone, which the server does not know).
  loader: async ({ context: { queryClient }, params: { postId } }) => {
    const user = await queryClient.ensureQueryData(meQueryOptions()).then(
      (me) => me.user,
      () => null,
    );
    // An error stays in the cache: the page shows it, and the server answers 404 for a missing post.
    if (!user) await queryClient.prefetchQuery(postTeaserQueryOptions(postId));
  },
  component: PostRoute,
});

function PostRoute() {
  const { postId } = Route.useParams();
  const { user, isPending } = useSessionUser();
  if (!user && !isPending) return <VisitorPost postId={postId} />;
  return <MemberPost postId={postId} />;
}

function MemberPost({ postId }: { postId: string }) {
  // The page reads the post; the tab names its author once it has (this never asks by itself).
  const username = useQuery({ ...postQueryOptions(postId), enabled: false }).data?.post.author.username;
  usePageMeta(username ? { title: postMetaNamedMessage, titleValues: { username } } : { title: feedMessages.metaTitle });
  return <PostPage postId={postId} />;
}

/** How much of a public post's text its link preview carries. */
const EXCERPT_MAX = 160;
const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : flat;
};

function VisitorPost({ postId }: { postId: string }) {
  const teaser = useQuery({ ...postTeaserQueryOptions(postId), enabled: false }).data?.teaser;
  const username = teaser?.author.username;
  usePageMeta(
    !teaser || !username
      ? { title: feedMessages.metaTitle }
      : teaser.content !== null
        ? {
            title: postMetaNamedMessage,
            titleValues: { username },
            description: publicPostDescriptionMessage,
            descriptionValues: { username, excerpt: excerptOf(teaser.content) },
            image: teaser.image ?? undefined,
            type: "article",
          }
        : { title: teaserTitleMessage, titleNamesBrand: true, description: teaserDescriptionMessage, descriptionValues: { username }, type: "article" },
  );
  return <PostTeaser postId={postId} />;
}
