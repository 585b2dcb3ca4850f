// The mails of e-mail verification, in the member's language (users.locale): the link that
// verifies a new account's address, the link that confirms a new address, and the notice to the
// old address once the change is done. Plain text; dates come from format.ts (never raw ISO).
import type { Locale } from "#contracts/locale.ts";
import { mailDateTime } from "./format";
import type { MailMessage } from "./types";

const TEXTS = {
  en: {
    greeting: (name: string) => `Hello ${name},`,
    signature: (brand: string) => `— ${brand}`,
    verifySubject: (brand: string) => `Confirm your e-mail address for ${brand}`,
    verifyIntro: (brand: string) => `Thanks for joining ${brand}. Open this link to confirm that this e-mail address is yours:`,
    verifyAfter: "Until you do, you can read and edit your profile, but not post, comment, use the VIP chat or subscribe.",
    changeSubject: (brand: string) => `Confirm your new e-mail address for ${brand}`,
    changeIntro: (brand: string) => `You asked to use this address for your ${brand} account. Open this link to confirm it:`,
    changeAfter: "Your account keeps its current address until you do.",
    validity: (until: string) => `The link works once and expires on ${until}.`,
    ignore: "If you did not ask for this, you can ignore this e-mail.",
    changedSubject: (brand: string) => `Your ${brand} e-mail address was changed`,
    changedBody: (brand: string, address: string, when: string) =>
      `The e-mail address of your ${brand} account was changed to ${address} on ${when}. Mails from the site now go there.`,
    changedHelp: "If you did not do this, contact us right away by answering this e-mail or through the contact form.",
  },
  "pt-BR": {
    greeting: (name: string) => `Olá, ${name},`,
    signature: (brand: string) => `— ${brand}`,
    verifySubject: (brand: string) => `Confirme seu e-mail no ${brand}`,
    verifyIntro: (brand: string) => `Obrigado por entrar no ${brand}. Abra este link para confirmar que este endereço de e-mail é seu:`,
    verifyAfter: "Até lá, você pode ler e editar seu perfil, mas não publicar, comentar, usar o chat VIP nem assinar.",
    changeSubject: (brand: string) => `Confirme seu novo e-mail no ${brand}`,
    changeIntro: (brand: string) => `Você pediu para usar este endereço na sua conta do ${brand}. Abra este link para confirmá-lo:`,
    changeAfter: "Sua conta mantém o endereço atual até você confirmar.",
    validity: (until: string) => `O link funciona uma vez e expira em ${until}.`,
    ignore: "Se você não pediu isso, pode ignorar este e-mail.",
    changedSubject: (brand: string) => `O e-mail da sua conta no ${brand} foi alterado`,
    changedBody: (brand: string, address: string, when: string) =>
      `O endereço de e-mail da sua conta no ${brand} foi alterado para ${address} em ${when}. Os e-mails do site agora vão para lá.`,
    changedHelp: "Se não foi você, fale conosco imediatamente respondendo a este e-mail ou pelo formulário de contato.",
  },
} satisfies Record<Locale, Record<string, unknown>>;

type Common = { to: string; brandName: string; locale: Locale; username: string };

/** The link for a new account's address (`kind: "verify"`) or for a new address (`"change"`). */
export function verificationMail({
  to,
  brandName,
  locale,
  username,
  link,
  kind,
  expiresAt,
}: Common & { link: string; kind: "verify" | "change"; expiresAt: Date }): MailMessage {
  const t = TEXTS[locale];
  const text = [
    t.greeting(username),
    "",
    kind === "verify" ? t.verifyIntro(brandName) : t.changeIntro(brandName),
    "",
    link,
    "",
    t.validity(mailDateTime(locale, expiresAt)),
    kind === "verify" ? t.verifyAfter : t.changeAfter,
    t.ignore,
    "",
    t.signature(brandName),
  ].join("\n");
  return { to, subject: kind === "verify" ? t.verifySubject(brandName) : t.changeSubject(brandName), text };
}

/** To the address the account had before a change: what happened, and what to do if it was not them. */
export function emailChangedNoticeMail({ to, brandName, locale, username, newEmail, at }: Common & { newEmail: string; at: Date }): MailMessage {
  const t = TEXTS[locale];
  const text = [t.greeting(username), "", t.changedBody(brandName, newEmail, mailDateTime(locale, at)), t.changedHelp, "", t.signature(brandName)].join("\n");
  return { to, subject: t.changedSubject(brandName), text };
}
