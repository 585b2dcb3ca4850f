// A notification's words outside the page (push and e-mail), in the recipient's language. Each
// kind's title and body are its area's (the `push` of its entry in
// worker/contracts/areas/<area>.words.ts, decision 180): code rather than an ICU message, as the
// Worker's build carries no message parser. This gives them the reader's title and the formatting
// in the reader's language, so the words files import nothing.
import type { NotificationPushInput, NotificationPushText } from "#contracts/areas/area.ts";
import { NOTIFICATION_WORDS } from "#contracts/areas/words.ts";
import type { Locale } from "#contracts/locale.ts";
import type { NotificationKind, NotificationParams } from "#contracts/notifications.ts";
import { inLanguage } from "../../lib/content-language";

export type NotificationTextInput = {
  kind: NotificationKind;
  /** The actor's username (the latest liker for grouped likes); null for the site's own news. */
  actor: string | null;
  /** Likes are grouped: how many liked. */
  actorCount: number;
  params: NotificationParams;
  brandName: string;
};

export type NotificationText = NotificationPushText;

const quote = (text: string | undefined) => (text ? `“${text}”` : "");

function date(locale: Locale, iso: string | undefined): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/** An amount in the reader's way of writing it ("$24.99", "US$ 24,99"); empty when unknown. */
function money(locale: Locale, cents: number | undefined, currency: string | undefined): string {
  if (cents === undefined || !currency) return "";
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}

/** What reporters chose, when the moderator wrote no reason of their own. */
const REPORT_REASON_TEXT: Record<Locale, Record<string, string>> = {
  en: { spam: "Spam", harassment: "Harassment", hate: "Hate speech", sexual: "Sexual content", violence: "Violence", other: "Against the community rules" },
  "pt-BR": {
    spam: "Spam",
    harassment: "Assédio",
    hate: "Discurso de ódio",
    sexual: "Conteúdo sexual",
    violence: "Violência",
    other: "Contra as regras da comunidade",
  },
};

/** The formatting the words are given, in each language. */
const FORMAT: Record<Locale, NotificationPushInput["format"]> = {
  en: {
    quote,
    date: (iso) => date("en", iso),
    money: (cents, currency) => money("en", cents, currency),
    reportReason: (code) => REPORT_REASON_TEXT.en[code ?? ""] ?? "",
  },
  "pt-BR": {
    quote,
    date: (iso) => date("pt-BR", iso),
    money: (cents, currency) => money("pt-BR", cents, currency),
    reportReason: (code) => REPORT_REASON_TEXT["pt-BR"][code ?? ""] ?? "",
  },
};

export function notificationText(locale: Locale, { kind, actor, actorCount, params, brandName }: NotificationTextInput): NotificationText {
  // A title the content has in Portuguese (params.titlePtBr) is what a Portuguese reader sees.
  const titled = locale === "pt-BR" ? { ...params, title: inLanguage(locale, params.title, params.titlePtBr) } : params;
  return NOTIFICATION_WORDS[kind].push[locale]({ actor, actorCount, params: titled, brandName, format: FORMAT[locale] });
}
