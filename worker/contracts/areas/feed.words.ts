// The feed's words: the moderation of its posts and comments, named in each language.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import { COMMENT_MAX, FEED_MESSAGES, POST_MAX, REPORT_DETAILS_MAX } from "../feed-limits.ts";
import { MODERATION_MESSAGES } from "../moderation.ts";

export const auditActions = {
  "post.hide": { en: "Post hidden", "pt-BR": "Post ocultado" },
  "post.unhide": { en: "Post shown again", "pt-BR": "Post exibido de novo" },
  "post.delete": { en: "Post deleted", "pt-BR": "Post excluído" },
  "post.reports_dismiss": { en: "Post reports dismissed", "pt-BR": "Denúncias do post descartadas" },
  "comment.hide": { en: "Comment hidden", "pt-BR": "Comentário ocultado" },
  "comment.unhide": { en: "Comment shown again", "pt-BR": "Comentário exibido de novo" },
  "comment.delete": { en: "Comment deleted", "pt-BR": "Comentário excluído" },
  "comment.reports_dismiss": { en: "Comment reports dismissed", "pt-BR": "Denúncias do comentário descartadas" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  /** Someone liked my post, grouped per post ("maria and 4 others"). */
  like: {
    urgent: false,
    loud: false,
    label: { en: "Likes on my posts", "pt-BR": "Curtidas nos meus posts" },
    text: {
      en: "{others, plural, =0 {{actor} liked your post} one {{actor} and # other liked your post} other {{actor} and # others liked your post}}",
      "pt-BR":
        "{others, plural, =0 {{actor} curtiu seu post} one {{actor} e mais # pessoa curtiram seu post} other {{actor} e mais # pessoas curtiram seu post}}",
    },
    push: {
      en: ({ actor, actorCount, brandName }) => ({
        title: brandName,
        body:
          actorCount > 1
            ? `${actor ?? "Someone"} and ${actorCount - 1} ${actorCount === 2 ? "other" : "others"} liked your post`
            : `${actor ?? "Someone"} liked your post`,
      }),
      "pt-BR": ({ actor, actorCount, brandName }) => ({
        title: brandName,
        body:
          actorCount > 1
            ? `${actor ?? "Alguém"} e mais ${actorCount - 1} ${actorCount === 2 ? "pessoa curtiram" : "pessoas curtiram"} seu post`
            : `${actor ?? "Alguém"} curtiu seu post`,
      }),
    },
  },
  comment: {
    urgent: false,
    loud: false,
    label: { en: "Comments on my posts", "pt-BR": "Comentários nos meus posts" },
    text: {
      en: "{actor} commented on your post: “{excerpt}”",
      "pt-BR": "{actor} comentou no seu post: “{excerpt}”",
    },
    push: {
      en: ({ actor, params, format }) => ({ title: `${actor ?? "Someone"} commented on your post`, body: format.quote(params.excerpt) }),
      "pt-BR": ({ actor, params, format }) => ({ title: `${actor ?? "Alguém"} comentou no seu post`, body: format.quote(params.excerpt) }),
    },
  },
  reply: {
    urgent: false,
    loud: true,
    label: { en: "Replies to my comments", "pt-BR": "Respostas aos meus comentários" },
    text: {
      en: "{actor} replied to your comment: “{excerpt}”",
      "pt-BR": "{actor} respondeu ao seu comentário: “{excerpt}”",
    },
    push: {
      en: ({ actor, params, format }) => ({ title: `${actor ?? "Someone"} replied to your comment`, body: format.quote(params.excerpt) }),
      "pt-BR": ({ actor, params, format }) => ({ title: `${actor ?? "Alguém"} respondeu ao seu comentário`, body: format.quote(params.excerpt) }),
    },
  },
  /** An @username of me in a post or comment. */
  mention: {
    urgent: false,
    loud: true,
    label: { en: "Mentions of me", "pt-BR": "Menções a mim" },
    text: {
      en: "{actor} mentioned you: “{excerpt}”",
      "pt-BR": "{actor} mencionou você: “{excerpt}”",
    },
    push: {
      en: ({ actor, params, format }) => ({ title: `${actor ?? "Someone"} mentioned you`, body: format.quote(params.excerpt) }),
      "pt-BR": ({ actor, params, format }) => ({ title: `${actor ?? "Alguém"} mencionou você`, body: format.quote(params.excerpt) }),
    },
  },
  /** A moderator hid my post, with the reason. */
  post_hidden: {
    urgent: false,
    loud: false,
    label: { en: "My posts hidden by a moderator", "pt-BR": "Meus posts ocultados por um moderador" },
    text: {
      en: "{hasReason, select, yes {A moderator hid your post: {reason}} other {A moderator hid your post}}",
      "pt-BR": "{hasReason, select, yes {Um moderador ocultou seu post: {reason}} other {Um moderador ocultou seu post}}",
    },
    push: {
      en: ({ params, format }) => ({ title: "A moderator hid your post", body: params.reason ?? format.reportReason(params.reasonCode) }),
      "pt-BR": ({ params, format }) => ({ title: "Um moderador ocultou seu post", body: params.reason ?? format.reportReason(params.reasonCode) }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  post_not_found: { status: 404, en: FEED_MESSAGES.postNotFound },
  comment_not_found: { status: 404, en: MODERATION_MESSAGES.commentNotFound },
  already_reported: { status: 409, en: FEED_MESSAGES.alreadyReported },
  pin_limit: { status: 409, en: FEED_MESSAGES.pinLimit },
  pin_not_official: { status: 409, en: FEED_MESSAGES.pinRequiresOfficial },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  post_required: { message: FEED_MESSAGES.postRequired },
  post_too_long: { message: FEED_MESSAGES.postTooLong, params: { max: POST_MAX } },
  comment_required: { message: FEED_MESSAGES.commentRequired },
  comment_too_long: { message: FEED_MESSAGES.commentTooLong, params: { max: COMMENT_MAX } },
  report_details_too_long: { message: FEED_MESSAGES.detailsTooLong, params: { max: REPORT_DETAILS_MAX } },
  image_not_found: { message: FEED_MESSAGES.imageNotFound },
  pin_requires_official: { message: FEED_MESSAGES.pinRequiresOfficial },
} as const satisfies ValidationCodeWords;
