// The mail that tells a gift's buyer it was redeemed, in the buyer's language (their account's, or
// the language they bought in). Its words live here rather than in the shared mail catalogs: only
// this mail says them.
import type { Locale } from "#contracts/locale.ts";
import type { GiftMonths } from "#contracts/store/model.ts";
import { mailDate } from "../mail/format";
import type { MailMessage } from "../mail";

type GiftRedeemedInput = {
  to: string;
  locale: Locale;
  brandName: string;
  redeemer: string;
  months: GiftMonths;
  /** The gift's tier, by its names. */
  tier: { en: string; ptBR: string };
  redeemedAt: number;
  code: string;
  collectionUrl: string;
};

const TEXTS: Record<Locale, { subjectOf: (tier: string) => string; body: (i: GiftRedeemedInput, date: string) => string[] }> = {
  en: {
    subjectOf: (tier) => `Your gift of ${tier} was redeemed`,
    body: (i, date) => [
      "Hello,",
      "",
      `@${i.redeemer} redeemed the ${i.months === 1 ? "1 month" : `${i.months} months`} of ${i.brandName} ${i.tier.en} you gave, on ${date}.`,
      `Gift code: ${i.code}`,
      "",
      "Thank you for sharing the music. Your gifts and orders:",
      i.collectionUrl,
      "",
      `— ${i.brandName}`,
    ],
  },
  "pt-BR": {
    subjectOf: (tier) => `Seu presente de ${tier} foi resgatado`,
    body: (i, date) => [
      "Olá,",
      "",
      `@${i.redeemer} resgatou ${i.months === 1 ? "o 1 mês" : `os ${i.months} meses`} de ${i.tier.ptBR} de ${i.brandName} que você deu de presente, em ${date}.`,
      `Código do presente: ${i.code}`,
      "",
      "Obrigado por compartilhar a música. Seus presentes e pedidos:",
      i.collectionUrl,
      "",
      `— ${i.brandName}`,
    ],
  },
};

export function giftRedeemedMail(input: GiftRedeemedInput): MailMessage {
  const t = TEXTS[input.locale];
  const tier = input.locale === "pt-BR" ? input.tier.ptBR : input.tier.en;
  return { to: input.to, subject: t.subjectOf(tier), text: t.body(input, mailDate(input.locale, new Date(input.redeemedAt))).join("\n") };
}
