// The member-rights mails (decision 041), in the member's language (users.locale): the link to a
// prepared data export, and the notice to the old address that the account was deleted. Plain
// text; dates from format.ts (never raw ISO).
import type { Locale } from "#contracts/locale.ts";
import { mailDateTime } from "./format";
import type { MailMessage } from "./types";

const TEXTS = {
  en: {
    greeting: (name: string) => `Hello ${name},`,
    signature: (brand: string) => `— ${brand}`,
    exportSubject: (brand: string) => `Your ${brand} data is ready to download`,
    exportIntro: (brand: string) => `The copy of your ${brand} data you asked for is ready. Open this link while signed in to download it (a zip file):`,
    exportValidity: (until: string) => `The link and the file are deleted on ${until}. After that, ask for a new copy in your account settings.`,
    exportIgnore: "If you did not ask for this, change your password: someone may be using your account.",
    deletedSubject: (brand: string) => `Your ${brand} account was deleted`,
    deletedBody: (brand: string, when: string) =>
      `Your ${brand} account was deleted on ${when}, as you asked. Your profile, posts, comments, likes, playlists, chat history and pictures are gone.`,
    deletedKept: "Records we must keep for accounting (payments, tickets) remain without your name or address.",
    deletedHelp: "If you did not do this, contact us right away by answering this e-mail or through the contact form.",
  },
  "pt-BR": {
    greeting: (name: string) => `Olá, ${name},`,
    signature: (brand: string) => `— ${brand}`,
    exportSubject: (brand: string) => `Seus dados do ${brand} estão prontos para baixar`,
    exportIntro: (brand: string) =>
      `A cópia dos seus dados do ${brand} que você pediu está pronta. Abra este link com a sua conta conectada para baixá-la (um arquivo zip):`,
    exportValidity: (until: string) => `O link e o arquivo serão apagados em ${until}. Depois disso, peça uma nova cópia nas configurações da sua conta.`,
    exportIgnore: "Se você não pediu isso, troque sua senha: alguém pode estar usando sua conta.",
    deletedSubject: (brand: string) => `Sua conta no ${brand} foi excluída`,
    deletedBody: (brand: string, when: string) =>
      `Sua conta no ${brand} foi excluída em ${when}, como você pediu. Seu perfil, publicações, comentários, curtidas, playlists, histórico de chat e imagens foram apagados.`,
    deletedKept: "Os registros que precisamos manter para a contabilidade (pagamentos, ingressos) continuam, sem seu nome nem endereço.",
    deletedHelp: "Se não foi você, fale conosco imediatamente respondendo a este e-mail ou pelo formulário de contato.",
  },
} satisfies Record<Locale, Record<string, unknown>>;

type Common = { to: string; brandName: string; locale: Locale; username: string };

/** The signed link to a prepared export, valid until `expiresAt`. */
export function dataExportReadyMail({ to, brandName, locale, username, link, expiresAt }: Common & { link: string; expiresAt: Date }): MailMessage {
  const t = TEXTS[locale];
  const text = [
    t.greeting(username),
    "",
    t.exportIntro(brandName),
    "",
    link,
    "",
    t.exportValidity(mailDateTime(locale, expiresAt)),
    t.exportIgnore,
    "",
    t.signature(brandName),
  ].join("\n");
  return { to, subject: t.exportSubject(brandName), text };
}

/** To the deleted account's address, after the deletion. */
export function accountDeletedMail({ to, brandName, locale, username, at }: Common & { at: Date }): MailMessage {
  const t = TEXTS[locale];
  const text = [
    t.greeting(username),
    "",
    t.deletedBody(brandName, mailDateTime(locale, at)),
    t.deletedKept,
    "",
    t.deletedHelp,
    "",
    t.signature(brandName),
  ].join("\n");
  return { to, subject: t.deletedSubject(brandName), text };
}
