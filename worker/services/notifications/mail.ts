// The e-mail of one urgent notification (payment failed, VIP ended), in the member's language,
// with a link to where they act on it and to their notification settings.
import type { Locale } from "#contracts/locale.ts";
import type { NotificationEventRow } from "../../db/notifications";
import type { MailMessage } from "../mail";
import { notificationText } from "./texts";

/** Where a member changes which notifications they get by e-mail. */
export const NOTIFICATION_SETTINGS_PATH = "/settings#notifications";

const FOOTER: Record<Locale, (settings: string) => string[]> = {
  en: (settings) => ["You get this e-mail because of your notification settings. Change them here:", settings],
  "pt-BR": (settings) => ["Você recebe este e-mail por causa das suas preferências de notificação. Mude-as aqui:", settings],
};

const OPEN: Record<Locale, string> = { en: "Open:", "pt-BR": "Abrir:" };

export function notificationMail(locale: Locale, input: { to: string; event: NotificationEventRow; brandName: string; siteUrl: string }): MailMessage {
  const { event, brandName, siteUrl } = input;
  const text = notificationText(locale, { kind: event.kind, actor: event.actorName, actorCount: 1, params: event.params, brandName });
  const link = new URL(event.link, siteUrl).href;
  const settings = new URL(NOTIFICATION_SETTINGS_PATH, siteUrl).href;
  const body = [text.title, "", ...(text.body ? [text.body, ""] : []), OPEN[locale], link, "", ...FOOTER[locale](settings), "", `— ${brandName}`].join("\n");
  return { to: input.to, subject: text.title === brandName ? text.body : text.title, text: body };
}
