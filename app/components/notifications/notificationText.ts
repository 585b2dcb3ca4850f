// The text of each kind of notification, in the site's catalogs (the header's bell is on every
// page). Grouped likes say "maria and 4 others" with an ICU plural, so each language words its
// own plural. Dates arrive pre-formatted ({date}) in the reader's locale.
import { defineMessages, type IntlShape, type MessageDescriptor } from "react-intl";
import type { NotificationKind, NotificationView } from "#contracts/notifications.ts";

export const notificationTextMessages: Record<NotificationKind, MessageDescriptor> = defineMessages({
  like: {
    id: "notifications.text.like",
    defaultMessage: "{others, plural, =0 {{actor} liked your post} one {{actor} and # other liked your post} other {{actor} and # others liked your post}}",
  },
  comment: { id: "notifications.text.comment", defaultMessage: "{actor} commented on your post: “{excerpt}”" },
  reply: { id: "notifications.text.reply", defaultMessage: "{actor} replied to your comment: “{excerpt}”" },
  mention: { id: "notifications.text.mention", defaultMessage: "{actor} mentioned you: “{excerpt}”" },
  release: { id: "notifications.text.release", defaultMessage: "New release: {title}" },
  release_early: { id: "notifications.text.releaseEarly", defaultMessage: "VIP early access: {title}" },
  event: { id: "notifications.text.event", defaultMessage: "New event: {title}" },
  meet_soon: { id: "notifications.text.meetSoon", defaultMessage: "{title} starts in 15 minutes" },
  tv_live: { id: "notifications.text.tvLive", defaultMessage: "{title} is live now on TV" },
  show_live: { id: "notifications.text.showLive", defaultMessage: "{title} is live: watch it now" },
  contact_reply: { id: "notifications.text.contactReply", defaultMessage: "The team answered your message" },
  payment_failed: { id: "notifications.text.paymentFailed", defaultMessage: "Your VIP payment failed — update your card" },
  renewal_soon: { id: "notifications.text.renewalSoon", defaultMessage: "Your VIP membership renews on {date}" },
  vip_granted: {
    id: "notifications.text.vipGranted",
    defaultMessage: "{gift, select, until {Your gift of VIP is redeemed: you are VIP until {date}} yes {Your gift of VIP is redeemed} other {You are VIP now}}",
  },
  vip_ended: { id: "notifications.text.vipEnded", defaultMessage: "{gift, select, yes {Your gifted VIP ended} other {Your VIP membership ended}}" },
  post_hidden: {
    id: "notifications.text.postHidden",
    defaultMessage: "{hasReason, select, yes {A moderator hid your post: {reason}} other {A moderator hid your post}}",
  },
  gift_redeemed: { id: "notifications.text.giftRedeemed", defaultMessage: "{actor} redeemed your gift of VIP on {date}" },
  order_shipped: { id: "notifications.text.orderShipped", defaultMessage: "Your order {title} has shipped" },
  preorder_out: { id: "notifications.text.preorderOut", defaultMessage: "{title} is out — your pre-order is in your collection" },
  notify_release: { id: "notifications.text.notifyRelease", defaultMessage: "{title} is out now — you asked us to tell you" },
  notify_on_sale: { id: "notifications.text.notifyOnSale", defaultMessage: "Tickets for {title} are on sale now — you asked us to tell you" },
  tier_offer: {
    id: "notifications.text.tierOffer",
    defaultMessage: "{winBack, select, yes {Come back to {title}} other {An offer for you}}: {percent}% off your first period of {title}, until {date}",
  },
  trial_ending: {
    id: "notifications.text.trialEnding",
    defaultMessage: "Your free trial of {title} ends on {date}, then {amount} is charged — cancel before then not to be charged",
  },
  room_mention: { id: "notifications.text.roomMention", defaultMessage: "{actor} mentioned you in {title}: “{excerpt}”" },
  room_reply: { id: "notifications.text.roomReply", defaultMessage: "{actor} replied to you in {title}: “{excerpt}”" },
  room_activity: { id: "notifications.text.roomActivity", defaultMessage: "New messages in {title}: {actor}: “{excerpt}”" },
});

const fallbacks = defineMessages({
  someone: { id: "notifications.text.someone", defaultMessage: "Someone" },
});

/** What reporters chose (contracts/feed.ts REPORT_REASONS), when the moderator wrote no reason. */
const reportReasons: Record<string, MessageDescriptor> = defineMessages({
  spam: { id: "notifications.reason.spam", defaultMessage: "Spam" },
  harassment: { id: "notifications.reason.harassment", defaultMessage: "Harassment" },
  hate: { id: "notifications.reason.hate", defaultMessage: "Hate speech" },
  sexual: { id: "notifications.reason.sexual", defaultMessage: "Sexual content" },
  violence: { id: "notifications.reason.violence", defaultMessage: "Violence" },
  other: { id: "notifications.reason.other", defaultMessage: "Against the community rules" },
});

function reasonText(intl: IntlShape, params: NotificationView["params"]): string {
  if (params.reason) return params.reason;
  const code = params.reasonCode ? reportReasons[params.reasonCode] : undefined;
  return code ? intl.formatMessage(code) : "";
}

/** The notification's sentence in the reader's language. */
export function notificationText(intl: IntlShape, n: Pick<NotificationView, "kind" | "actor" | "actorCount" | "params">): string {
  const at = n.params.at ? Date.parse(n.params.at) : NaN;
  return intl.formatMessage(notificationTextMessages[n.kind], {
    actor: n.actor?.username ?? intl.formatMessage(fallbacks.someone),
    others: Math.max(0, n.actorCount - 1),
    excerpt: n.params.excerpt ?? "",
    // A title the content has in Portuguese is what a Portuguese reader sees.
    title: (intl.locale === "pt-BR" ? n.params.titlePtBr : undefined) ?? n.params.title ?? "",
    reason: reasonText(intl, n.params),
    hasReason: reasonText(intl, n.params) ? "yes" : "no",
    date: Number.isNaN(at) ? "" : intl.formatDate(at, { dateStyle: "long" }),
    // A redeemed gift's VIP: until its end when it has one.
    gift: n.params.gift ? (Number.isNaN(at) ? "yes" : "until") : "no",
    // An upgrade or win-back offer (decision 101).
    percent: n.params.percent ?? 0,
    winBack: n.params.winBack ? "yes" : "no",
    // What a trial's end charges (decision 102).
    amount:
      n.params.cents !== undefined && n.params.currency ? intl.formatNumber(n.params.cents / 100, { style: "currency", currency: n.params.currency }) : "",
  });
}
