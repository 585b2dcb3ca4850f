// "It's out" (decision 118): the one mail a pre-order's buyer gets when the release's public time
// has passed, in the language they bought in, with a fresh download link per format.
import type { Locale } from "#contracts/locale.ts";
import { escapeHtml } from "../../lib/page-head";
import { mailDate, mailNumber } from "./format";
import { mailLayout } from "./layout";
import type { MailMessage } from "./types";

const en = {
  subject: (title: string) => `It's out: ${title}`,
  greeting: "Hello,",
  intro: (title: string, when: string) => `${title}, which you pre-ordered, is out now: it came out on ${when}. All of it is yours:`,
  validity: (days: string) => `These links work for ${days} days. Your collection always has fresh ones.`,
  collection: "Everything you bought is in your collection:",
  signature: (brand: string) => `— ${brand}`,
  why: (brand: string) => `You get this e-mail because you pre-ordered a release on ${brand}.`,
};

const ptBR: typeof en = {
  subject: (title) => `Já saiu: ${title}`,
  greeting: "Olá,",
  intro: (title, when) => `${title}, que você comprou na pré-venda, já saiu: está disponível desde ${when}. Agora é todo seu:`,
  validity: (days) => `Estes links valem por ${days} dias. Sua coleção sempre tem links novos.`,
  collection: "Tudo o que você comprou está na sua coleção:",
  signature: (brand) => `— ${brand}`,
  why: (brand) => `Você recebe este e-mail porque comprou um lançamento na pré-venda no ${brand}.`,
};

export const PREORDER_OUT_TEXTS: Record<Locale, typeof en> = { en, "pt-BR": ptBR };

export type PreorderOutFacts = {
  title: string;
  releasedAt: Date;
  /** Absolute links, one per format the release is sold in. */
  links: { format: string; url: string }[];
  linkValidDays: number;
  siteUrl: string;
};

export function preorderOutMail({ to, brandName, locale, facts }: { to: string; brandName: string; locale: Locale; facts: PreorderOutFacts }): MailMessage {
  const t = PREORDER_OUT_TEXTS[locale];
  const intro = t.intro(facts.title, mailDate(locale, facts.releasedAt));
  const validity = t.validity(mailNumber(locale, facts.linkValidDays));
  const collectionUrl = `${facts.siteUrl}/collection`;
  const subject = t.subject(facts.title);
  const text = [
    t.greeting,
    "",
    intro,
    ...facts.links.map((l) => `  ${l.format.toUpperCase()}: ${l.url}`),
    validity,
    "",
    t.collection,
    collectionUrl,
    "",
    t.signature(brandName),
  ].join("\n");
  const e = escapeHtml;
  const body = [
    `<div lang="${locale}">`,
    `<p>${e(intro)}</p>`,
    `<ul>${facts.links.map((l) => `<li><a href="${e(l.url)}">${e(l.format.toUpperCase())}</a></li>`).join("")}</ul>`,
    `<p>${e(validity)}</p>`,
    `<p>${e(t.collection)} <a href="${e(collectionUrl)}">${e(collectionUrl)}</a></p>`,
    `<p>${e(t.signature(brandName))}</p>`,
    "</div>",
  ].join("\n");
  const html = mailLayout({ locale, title: subject, brandName, siteUrl: facts.siteUrl, body, footer: `<p style="margin:0;">${e(t.why(brandName))}</p>` });
  return { to, subject, text, html };
}
