// The newsletter's own mails, in the person's language: the double opt-in's confirmation link.
// The consent wording shown where people subscribe lives here too, so the text stored with each
// consent (marketing_consents.consent_text) is exactly the sentence the person saw.
import type { Locale } from "#contracts/locale.ts";
import type { ConsentSource } from "#contracts/newsletter-model.ts";
import { mailDateTime } from "./format";
import type { MailMessage } from "./types";

const TEXTS = {
  en: {
    consent: {
      contact_form: (brand: string) => `Keep me posted: send me ${brand} news by e-mail. A confirmation e-mail follows; I can unsubscribe at any time.`,
      sign_up: (brand: string) => `Send me ${brand} news by e-mail. I can unsubscribe at any time.`,
      settings: (brand: string) => `Send me ${brand} news by e-mail. I can unsubscribe at any time.`,
      event_reminder: (brand: string) => `Also send me ${brand} news by e-mail. A confirmation e-mail follows; I can unsubscribe at any time.`,
      preferences: (brand: string) => `Subscribe me again to ${brand} news by e-mail. I can unsubscribe at any time.`,
      import: (brand: string) => `Imported into the ${brand} list by an administrator.`,
      news_box: (brand: string) => `Send me ${brand} news by e-mail. A confirmation e-mail follows; I can unsubscribe at any time.`,
    } satisfies Record<ConsentSource, (brand: string) => string>,
    confirmSubject: (brand: string) => `Confirm your subscription to ${brand} news`,
    confirmIntro: (brand: string) => `Someone (hopefully you) asked to get ${brand} news at this address. Open this link to confirm:`,
    confirmValidity: (until: string) => `The link works until ${until}. Until you confirm, we send you nothing else.`,
    confirmIgnore: "If you did not ask for this, ignore this e-mail: the address is forgotten after 7 days.",
    signature: (brand: string) => `— ${brand}`,
  },
  "pt-BR": {
    consent: {
      contact_form: (brand: string) => `Quero receber novidades do ${brand} por e-mail. Um e-mail de confirmação será enviado; posso cancelar quando quiser.`,
      sign_up: (brand: string) => `Quero receber novidades do ${brand} por e-mail. Posso cancelar quando quiser.`,
      settings: (brand: string) => `Quero receber novidades do ${brand} por e-mail. Posso cancelar quando quiser.`,
      event_reminder: (brand: string) =>
        `Também quero receber novidades do ${brand} por e-mail. Um e-mail de confirmação será enviado; posso cancelar quando quiser.`,
      preferences: (brand: string) => `Quero voltar a receber novidades do ${brand} por e-mail. Posso cancelar quando quiser.`,
      import: (brand: string) => `Importado para a lista do ${brand} por um administrador.`,
      news_box: (brand: string) => `Quero receber novidades do ${brand} por e-mail. Um e-mail de confirmação será enviado; posso cancelar quando quiser.`,
    } satisfies Record<ConsentSource, (brand: string) => string>,
    confirmSubject: (brand: string) => `Confirme sua inscrição nas novidades do ${brand}`,
    confirmIntro: (brand: string) => `Alguém (esperamos que você) pediu para receber novidades do ${brand} neste endereço. Abra este link para confirmar:`,
    confirmValidity: (until: string) => `O link funciona até ${until}. Até você confirmar, não enviamos mais nada.`,
    confirmIgnore: "Se você não pediu isso, ignore este e-mail: o endereço é esquecido em 7 dias.",
    signature: (brand: string) => `— ${brand}`,
  },
} satisfies Record<Locale, Record<string, unknown>>;

/** The words a person saw when they agreed, stored with their consent. */
export const consentText = (locale: Locale, source: ConsentSource, brandName: string) => TEXTS[locale].consent[source](brandName);

export function subscriptionConfirmMail({
  to,
  brandName,
  locale,
  link,
  expiresAt,
  contactLine,
}: {
  to: string;
  brandName: string;
  locale: Locale;
  link: string;
  expiresAt: Date;
  contactLine: string;
}): MailMessage {
  const t = TEXTS[locale];
  const text = [
    t.confirmIntro(brandName),
    "",
    link,
    "",
    t.confirmValidity(mailDateTime(locale, expiresAt)),
    t.confirmIgnore,
    "",
    t.signature(brandName),
    contactLine,
  ].join("\n");
  return { to, subject: t.confirmSubject(brandName), text };
}
