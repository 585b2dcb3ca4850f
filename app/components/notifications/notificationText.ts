// The sentence of each kind of notification, in the reader's language: each area declares its
// kinds' ICU messages in its words file (worker/contracts/areas/<area>.words.ts), which the build
// serves to this module compiled ("virtual:notification-texts"). Only the centre's list imports it,
// so the header's first load carries none of them. Grouped likes say "maria and 4 others" with an
// ICU plural, so each language words its own plural. Dates arrive pre-formatted ({date}) in the
// reader's locale.
import { defineMessages, type IntlShape, type MessageDescriptor } from "react-intl";
import texts from "virtual:notification-texts";
import type { NotificationView } from "#contracts/notifications.ts";
import type { Locale } from "../../i18n/locale";

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
  const locale: Locale = intl.locale === "pt-BR" ? "pt-BR" : "en";
  const message = intl.formatters.getMessageFormat(texts[locale][n.kind], intl.locale, intl.formats, { formatters: intl.formatters });
  return message.format<string>({
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
  }) as string;
}
