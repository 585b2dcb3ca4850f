// Every text of the social feed (docs/features.md#social-feed: the page, its states, validation and error texts): the page, the composer, a post, its comments,
// the Delete Post and Report dialogs and the single-post page. Spec texts verbatim; ours where the
// spec is silent.
import { defineMessage, defineMessages } from "react-intl";
import type { PostVisibility } from "#contracts/feed.ts";

export const feedMessages = defineMessages({
  // The page (the banner reuses the route's own title and intro).
  bannerTitle: { id: "pages.social.title", defaultMessage: "Social Hub" },
  bannerIntro: { id: "pages.social.intro", defaultMessage: "Share posts, photos and comments with the community." },
  listTitle: { id: "feed.list.title", defaultMessage: "Latest posts" },
  loading: { id: "feed.loading", defaultMessage: "Loading posts..." },
  loadFailed: { id: "feed.loadFailed", defaultMessage: "Failed to load posts" },
  tryAgain: { id: "feed.tryAgain", defaultMessage: "Try Again" },
  dismiss: { id: "feed.dismiss", defaultMessage: "Dismiss" },
  empty: { id: "feed.empty", defaultMessage: "No posts yet" },
  emptyHint: { id: "feed.emptyHint", defaultMessage: "Be the first to share something with the community." },
  loadMore: { id: "feed.loadMore", defaultMessage: "Load more" },
  loadingMore: { id: "feed.loadingMore", defaultMessage: "Loading more posts..." },
  end: { id: "feed.end", defaultMessage: "You're all caught up" },

  // The composer.
  composerLabel: { id: "feed.composer.label", defaultMessage: "Share something with the community" },
  composerPlaceholder: { id: "feed.composer.placeholder", defaultMessage: "What's on your mind?" },
  post: { id: "feed.composer.post", defaultMessage: "Post" },
  posting: { id: "feed.composer.posting", defaultMessage: "Posting..." },
  imageLabel: { id: "feed.composer.image", defaultMessage: "Image (optional)" },
  imageChoose: { id: "feed.composer.imageChoose", defaultMessage: "Add an image" },
  imageNone: { id: "feed.composer.imageNone", defaultMessage: "No image chosen" },
  imageHint: { id: "feed.composer.imageHint", defaultMessage: "JPG, PNG, GIF or WebP (max 5MB)" },
  imagePreviewAlt: { id: "feed.composer.imagePreviewAlt", defaultMessage: "Preview of the image for your post" },
  imageRemove: { id: "feed.composer.imageRemove", defaultMessage: "Remove image" },

  // Errors (docs/features.md#social-feed): the spec's texts (e.g. 'Failed to load posts', 'Image must be less than 5MB') and the server's.
  notImage: { id: "feed.error.notImage", defaultMessage: "Please select an image file" },
  imageTooLarge: { id: "feed.error.imageTooLarge", defaultMessage: "Image must be less than 5MB" },
  uploadFailed: { id: "feed.error.uploadFailed", defaultMessage: "Failed to upload image" },
  createPostFailed: { id: "feed.error.createPost", defaultMessage: "Failed to create post" },
  deletePostFailed: { id: "feed.error.deletePost", defaultMessage: "Failed to delete post" },
  loadCommentsFailed: { id: "feed.error.loadComments", defaultMessage: "Failed to load comments" },
  createCommentFailed: { id: "feed.error.createComment", defaultMessage: "Failed to create comment" },
  likeFailed: { id: "feed.error.like", defaultMessage: "Failed to update the like. Please try again." },
  rateLimited: { id: "feed.error.rateLimited", defaultMessage: "You're doing that too often. Please wait a moment and try again." },

  // A post.
  vipBadge: { id: "feed.post.vip", defaultMessage: "VIP" },
  share: { id: "feed.post.share", defaultMessage: "Share" },
  linkCopied: { id: "feed.post.linkCopied", defaultMessage: "Link copied" },
  copyFailed: { id: "feed.post.copyFailed", defaultMessage: "Couldn't copy the link" },
  delete: { id: "feed.post.delete", defaultMessage: "Delete" },
  deleteLabel: { id: "feed.post.deleteLabel", defaultMessage: "Delete post" },
  report: { id: "feed.post.report", defaultMessage: "Report" },
  reportLabel: { id: "feed.post.reportLabel", defaultMessage: "Report post" },

  // Comments.
  commentsTitle: { id: "feed.comments.title", defaultMessage: "Comments" },
  commentsLoading: { id: "feed.comments.loading", defaultMessage: "Loading comments..." },
  commentsEmpty: { id: "feed.comments.empty", defaultMessage: "No comments yet. Start the conversation!" },
  commentLabel: { id: "feed.comments.label", defaultMessage: "Write a comment" },
  commentPlaceholder: { id: "feed.comments.placeholder", defaultMessage: "Write a comment..." },
  send: { id: "feed.comments.send", defaultMessage: "Send" },
  sending: { id: "feed.comments.sending", defaultMessage: "Sending..." },

  // The @username autocomplete of the composer and the comment box.
  mentionSuggestions: { id: "feed.mentions.suggestions", defaultMessage: "Suggestions" },
  mentionNone: { id: "feed.mentions.none", defaultMessage: "No members found" },

  // Delete Post (docs/features.md#social-feed): its title, the 'cannot be undone' question, Cancel and Delete, 'Deleting...' while busy.
  deleteTitle: { id: "feed.delete.title", defaultMessage: "Delete Post" },
  deleteConfirm: { id: "feed.delete.confirm", defaultMessage: "Are you sure you want to delete this post? This action cannot be undone." },
  cancel: { id: "feed.cancel", defaultMessage: "Cancel" },
  deleting: { id: "feed.delete.deleting", defaultMessage: "Deleting..." },

  // Report.
  reportTitle: { id: "feed.report.title", defaultMessage: "Report Post" },
  reportReason: { id: "feed.report.reason", defaultMessage: "Why are you reporting this post?" },
  reportDetails: { id: "feed.report.details", defaultMessage: "Details (optional)" },
  reportSubmit: { id: "feed.report.submit", defaultMessage: "Send Report" },
  reportDone: { id: "feed.report.done", defaultMessage: "Thanks, we will review this post" },
  reportAlready: { id: "feed.report.already", defaultMessage: "You have already reported this post" },
  reportCommentTitle: { id: "feed.report.comment.title", defaultMessage: "Report Comment" },
  reportCommentReason: { id: "feed.report.comment.reason", defaultMessage: "Why are you reporting this comment?" },
  reportCommentDone: { id: "feed.report.comment.done", defaultMessage: "Thanks, we will review this comment" },
  reportCommentAlready: { id: "feed.report.comment.already", defaultMessage: "You have already reported this comment" },
  reportFailed: { id: "feed.report.failed", defaultMessage: "Failed to send the report. Please try again." },
  close: { id: "feed.close", defaultMessage: "Close" },

  // The single-post page.
  postLoading: { id: "feed.single.loading", defaultMessage: "Loading post..." },
  postLoadFailed: { id: "feed.single.loadFailed", defaultMessage: "Failed to load post" },
  postNotFound: { id: "feed.single.notFound", defaultMessage: "Post not found" },
  postNotFoundHint: { id: "feed.single.notFoundHint", defaultMessage: "It may have been deleted, or the link is incomplete." },
  backToFeed: { id: "feed.single.back", defaultMessage: "Back to the feed" },
  metaTitle: { id: "feed.meta.title", defaultMessage: "Post" },

  // A shared post's page for visitors.
  teaserHint: { id: "feed.teaser.hint", defaultMessage: "Posts in the community are for members. Sign in to read it and join the conversation." },
  teaserSignIn: { id: "feed.teaser.signIn", defaultMessage: "Sign In" },
  teaserJoin: { id: "feed.teaser.join", defaultMessage: "Create an account" },
  teaserPublicHint: { id: "feed.teaser.publicHint", defaultMessage: "Sign in to like and comment, or create an account to join the community." },
  teaserVipHint: { id: "feed.teaser.vipHint", defaultMessage: "This post is for VIP members. Sign in with a VIP membership to read it." },

  // Who may read a post (the composer's choice and the post's badges), official and pinned posts.
  visibilityLabel: { id: "feed.composer.visibility", defaultMessage: "Who can read it" },
  visibilityHint: { id: "feed.composer.visibilityHint", defaultMessage: "Public posts can be read by anyone with the link, even without an account." },
  officialPlain: { id: "feed.composer.officialPlain", defaultMessage: "Post as the official account" },
  pinOnCreate: { id: "feed.composer.pin", defaultMessage: "Pin to top" },
  officialBadge: { id: "feed.post.official", defaultMessage: "Official" },
  pinnedBadge: { id: "feed.post.pinned", defaultMessage: "Pinned" },
  publicBadge: { id: "feed.post.public", defaultMessage: "Public" },
  vipOnlyBadge: { id: "feed.post.vipOnly", defaultMessage: "VIP only" },
  pin: { id: "feed.post.pin", defaultMessage: "Pin to top" },
  unpin: { id: "feed.post.unpin", defaultMessage: "Unpin" },
  lockedTitle: { id: "feed.locked.title", defaultMessage: "This post is for VIP members" },
  lockedCta: { id: "feed.locked.cta", defaultMessage: "Become VIP to read" },
  adminRequired: { id: "feed.error.adminRequired", defaultMessage: "Only administrators can do that" },
  pinNotOfficial: { id: "feed.error.pinNotOfficial", defaultMessage: "Only official posts can be pinned" },
  pinFailed: { id: "feed.error.pin", defaultMessage: "Failed to pin or unpin the post. Please try again." },
});

/** The composer's visibility choices (members and public for everyone, vip for admins). */
export const visibilityMessages = defineMessages({
  members: { id: "feed.visibility.members", defaultMessage: "Members" },
  public: { id: "feed.visibility.public", defaultMessage: "Public" },
  vip: { id: "feed.visibility.vip", defaultMessage: "Membership tiers" },
} satisfies Record<PostVisibility, unknown>);
export const officialAsMessage = defineMessage<{ artist: string }>({ id: "feed.composer.official", defaultMessage: "Post as {artist}" });
export const pinLimitMessage = defineMessage<{ max: number }>({
  id: "feed.error.pinLimit",
  defaultMessage: "At most {max, number} posts can be pinned. Unpin one first.",
});
export const publicPostDescriptionMessage = defineMessage<{ username: string; excerpt: string }>({
  id: "feed.meta.publicDescription",
  defaultMessage: "{username} in the {brand} community: {excerpt}",
});

// Messages with placeholders, typed so a missing or misspelt value fails the type check.
export const newPostsMessage = defineMessage<{ count: number }>({
  id: "feed.newPosts",
  defaultMessage: "{count, plural, one {# new post} other {# new posts}}",
});
export const counterMessage = defineMessage<{ count: number; max: number }>({ id: "feed.counter", defaultMessage: "{count, number}/{max, number}" });
export const uploadingMessage = defineMessage<{ percent: number }>({ id: "feed.composer.uploading", defaultMessage: "Uploading image... {percent}%" });
export const likeButtonMessage = defineMessage<{ count: number }>({
  id: "feed.post.like",
  defaultMessage: "{count, plural, one {# like} other {# likes}}, Like",
});
export const commentsButtonMessage = defineMessage<{ count: number }>({
  id: "feed.post.comments",
  defaultMessage: "{count, plural, one {# comment} other {# comments}}",
});
export const imageAltMessage = defineMessage<{ username: string }>({ id: "feed.post.imageAlt", defaultMessage: "Image shared by {username}" });
export const reportCommentLabelMessage = defineMessage<{ username: string }>({
  id: "feed.comment.reportLabel",
  defaultMessage: "Report comment by {username}",
});
export const shareTitleMessage = defineMessage<{ username: string }>({ id: "feed.post.shareTitle", defaultMessage: "A post by {username}" });
export const postMetaNamedMessage = defineMessage<{ username: string }>({ id: "feed.meta.named", defaultMessage: "Post by {username}" });

export const teaserTitleMessage = defineMessage<{ brand: string }>({ id: "feed.teaser.title", defaultMessage: "A post in the {brand} community" });
export const teaserSharedByMessage = defineMessage<{ username: string }>({ id: "feed.teaser.sharedBy", defaultMessage: "Shared by {username}" });
export const teaserDescriptionMessage = defineMessage<{ username: string }>({
  id: "feed.teaser.description",
  defaultMessage: "Shared by {username}. Sign in to read it.",
});
