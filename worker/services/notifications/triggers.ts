// The producers behind the feed's and the back office's notifications: routes call these after
// their D1 write commits, off the response path (c.executionCtx.waitUntil). Each never throws: a
// notification that could not be queued is logged and the member's action stands.
// Event ids are the idempotency keys (decision 044): liking, unliking and liking again is the same
// `like:<post>:<member>`, so the author hears of it once.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { earlierCommenters, findPostFacts, memberIdByEmail, mentionedReaders, type PostFacts } from "../../db/notification-targets";
import { excerpt, parseMentions } from "../../lib/mentions";
import { notifyMembers } from "./index";
import type { NotificationParams } from "#contracts/notifications.ts";

/** Earlier commenters told of a new comment under the same post: the most recent ones. */
export const REPLY_RECIPIENTS_MAX = 50;

const postLink = (postId: string) => `/social/post/${postId}`;

async function guarded(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    console.error(`notifications: ${what} failed`, err);
  }
}

/** A member liked a post: its author hears of it (grouped per post in the centre). */
export const notifyLike = (env: AppEnv, db: DB, postId: string, likerId: string) =>
  guarded("like", async () => {
    const post = await findPostFacts(db, postId);
    if (!post || post.hidden || post.authorId === likerId) return;
    await notifyMembers(
      env,
      db,
      { id: `like:${postId}:${likerId}`, kind: "like", actorId: likerId, postId, params: { excerpt: excerpt(post.content) }, link: postLink(postId) },
      [post.authorId],
    );
  });

/**
 * The members a new post mentions who may read it. An official post speaks for the artist, so its
 * admin is not named as the one who mentioned them.
 */
export const notifyPostMentions = (env: AppEnv, db: DB, postId: string) =>
  guarded("post mentions", async () => {
    const post = await findPostFacts(db, postId);
    if (!post || post.hidden) return;
    const mentioned = (await mentionedReaders(db, parseMentions(post.content), post.gate)).filter((id) => id !== post.authorId);
    await notifyMembers(
      env,
      db,
      {
        id: `mention:post:${postId}`,
        kind: "mention",
        actorId: post.official ? null : post.authorId,
        postId,
        params: { excerpt: excerpt(post.content) },
        link: postLink(postId),
      },
      mentioned,
    );
  });

/**
 * A new comment: the post's author gets `comment`; members it @mentions who may read the post get
 * `mention`; members who commented under the post before get `reply` (comments are flat: a new
 * comment under a conversation answers it). Each member gets one of them at most, in that order,
 * and the commenter none.
 */
export const notifyComment = (env: AppEnv, db: DB, comment: { id: string; postId: string; userId: string; content: string }) =>
  guarded("comment", async () => {
    const post = await findPostFacts(db, comment.postId);
    if (!post || post.hidden) return;
    const base = { actorId: comment.userId, postId: post.id, commentId: comment.id, params: { excerpt: excerpt(comment.content) }, link: postLink(post.id) };
    const told = new Set([comment.userId, post.authorId]);
    await notifyMembers(env, db, { ...base, id: `comment:${comment.id}`, kind: "comment" }, [post.authorId]);
    const mentioned = (await mentionedReaders(db, parseMentions(comment.content), post.gate)).filter((id) => !told.has(id));
    mentioned.forEach((id) => told.add(id));
    await notifyMembers(env, db, { ...base, id: `mention:comment:${comment.id}`, kind: "mention" }, mentioned);
    const repliedTo = await earlierCommenters(db, post, comment.id, [...told], REPLY_RECIPIENTS_MAX);
    await notifyMembers(env, db, { ...base, id: `reply:${comment.id}`, kind: "reply" }, repliedTo);
  });

/**
 * A moderator hid a post: its author is told why. The event is keyed by the hiding's time, so hiding
 * again after showing it again tells them again, and the same hiding twice does not. No actor: the
 * moderator stays unnamed, as the site's own notice. The link is the feed, since the post itself is
 * now a 404 to its author.
 */
export const notifyPostHidden = (
  env: AppEnv,
  db: DB,
  post: Pick<PostFacts, "id" | "authorId">,
  hiddenAt: string,
  moderatorId: string,
  why: Pick<NotificationParams, "reason" | "reasonCode">,
) =>
  guarded("post_hidden", async () => {
    if (post.authorId === moderatorId) return;
    await notifyMembers(
      env,
      db,
      {
        id: `post_hidden:${post.id}:${Date.parse(hiddenAt)}`,
        kind: "post_hidden",
        actorId: null,
        postId: post.id,
        params: why,
        link: "/social",
        createdBy: moderatorId,
      },
      [post.authorId],
    );
  });

/**
 * An administrator answered a contact message: if its address is a member's, the member is told in
 * the centre too (the answer itself went by e-mail). The link is the home page, where the contact
 * form is; the administrator stays unnamed.
 */
export const notifyContactReply = (env: AppEnv, db: DB, reply: { id: string; email: string; adminId: string }) =>
  guarded("contact_reply", async () => {
    const memberId = await memberIdByEmail(db, reply.email);
    if (!memberId || memberId === reply.adminId) return;
    await notifyMembers(env, db, { id: `contact_reply:${reply.id}`, kind: "contact_reply", actorId: null, params: {}, link: "/", createdBy: reply.adminId }, [
      memberId,
    ]);
  });
