// The feed: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// feed.ts re-exports them.

export const POST_MAX = 2000;

export const COMMENT_MAX = 1000;

export const REPORT_DETAILS_MAX = 500;

/** Official posts pinned to the top of the feed at most at once (the first page carries them all). */
export const PINNED_MAX = 3;

/** The spec's texts (docs/features.md#social-feed) and ours where it is silent. English fallbacks. */
export const FEED_MESSAGES = {
  postRequired: "Write something to post",
  postTooLong: "Posts can be at most 2,000 characters",
  commentRequired: "Write something to comment",
  commentTooLong: "Comments can be at most 1,000 characters",
  postNotFound: "Post not found",
  imageNotFound: "The image was not found. Please upload it again.",
  alreadyReported: "You have already reported this post",
  detailsTooLong: "Details can be at most 500 characters",
  notImage: "Please select an image file",
  imageTooLarge: "Image must be less than 5MB",
  uploadFailed: "Failed to upload image",
  vipPost: "This post is for VIP members",
  pinRequiresOfficial: "Only official posts can be pinned",
  pinLimit: `At most ${PINNED_MAX} posts can be pinned. Unpin one first.`,
} as const;
