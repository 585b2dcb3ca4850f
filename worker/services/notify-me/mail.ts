// The mails of "Notify me" to visitors (decision 057), in the language of the page they asked on:
// the confirmation link, and the one mail telling them the release is out or the tickets are on
// sale. Both carry the link that withdraws every request of the address not yet told.
import type { Locale } from "#contracts/locale.ts";
import type { NotifyItemKind } from "#contracts/notify-me-model.ts";
import { inLanguage } from "../../lib/content-language";
import type { MailMessage } from "../mail/types";

type Site = { brandName: string; siteUrl: string };
type Item = { kind: NotifyItemKind; title: string; titlePtBr: string | null; link: string };

const TEXTS = {
  en: {
    what: (kind: NotifyItemKind, title: string) => (kind === "event" ? `when tickets for “${title}” go on sale` : `when “${title}” is out`),
    confirmSubject: (title: string) => `Confirm: we'll tell you about “${title}”`,
    confirmIntro: (what: string) => `Someone (hopefully you) asked us to tell this address ${what}. Open this link to confirm:`,
    confirmValidity: (days: number) => `The link works for ${days} days. Until you confirm, we send you nothing else.`,
    confirmIgnore: "If you did not ask for this, ignore this e-mail: the address is forgotten.",
    releaseSubject: (title: string) => `“${title}” is out now`,
    releaseBody: (title: string) => `“${title}” is out now. You asked us to tell you: listen here:`,
    saleSubject: (title: string) => `Tickets for “${title}” are on sale now`,
    saleBody: (title: string) => `Tickets for “${title}” are on sale now. You asked us to tell you: get yours here:`,
    once: "This is the only e-mail we send about it.",
    cancel: "To stop every other “Notify me” e-mail to this address:",
    signature: (brand: string) => `— ${brand}`,
  },
  "pt-BR": {
    what: (kind: NotifyItemKind, title: string) => (kind === "event" ? `quando os ingressos para “${title}” estiverem à venda` : `quando “${title}” sair`),
    confirmSubject: (title: string) => `Confirme: vamos avisar você sobre “${title}”`,
    confirmIntro: (what: string) => `Alguém (esperamos que você) pediu para avisarmos este endereço ${what}. Abra este link para confirmar:`,
    confirmValidity: (days: number) => `O link funciona por ${days} dias. Até você confirmar, não enviamos mais nada.`,
    confirmIgnore: "Se você não pediu isso, ignore este e-mail: o endereço é esquecido.",
    releaseSubject: (title: string) => `“${title}” já saiu`,
    releaseBody: (title: string) => `“${title}” já saiu. Você pediu para ser avisado: ouça aqui:`,
    saleSubject: (title: string) => `Os ingressos para “${title}” estão à venda`,
    saleBody: (title: string) => `Os ingressos para “${title}” estão à venda. Você pediu para ser avisado: garanta o seu aqui:`,
    once: "Este é o único e-mail que enviamos sobre isso.",
    cancel: "Para parar todos os outros e-mails de “Avise-me” para este endereço:",
    signature: (brand: string) => `— ${brand}`,
  },
} satisfies Record<Locale, Record<string, unknown>>;

const titleIn = (item: Item, locale: Locale) => inLanguage(locale, item.title, item.titlePtBr);

export function notifyConfirmMail(item: Item, r: { to: string; locale: Locale; link: string; cancelLink: string; validDays: number }, site: Site): MailMessage {
  const t = TEXTS[r.locale];
  const title = titleIn(item, r.locale);
  const text = [
    t.confirmIntro(t.what(item.kind, title)),
    "",
    r.link,
    "",
    t.confirmValidity(r.validDays),
    t.confirmIgnore,
    "",
    t.cancel,
    r.cancelLink,
    "",
    t.signature(site.brandName),
  ].join("\n");
  return { to: r.to, subject: t.confirmSubject(title), text };
}

export function notifyDropMail(item: Item, r: { to: string; locale: Locale; cancelLink: string }, site: Site): MailMessage {
  const t = TEXTS[r.locale];
  const title = titleIn(item, r.locale);
  const event = item.kind === "event";
  const text = [
    event ? t.saleBody(title) : t.releaseBody(title),
    "",
    new URL(item.link, site.siteUrl).href,
    "",
    t.once,
    t.cancel,
    r.cancelLink,
    "",
    t.signature(site.brandName),
  ].join("\n");
  return { to: r.to, subject: event ? t.saleSubject(title) : t.releaseSubject(title), text };
}
