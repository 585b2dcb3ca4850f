// A newsletter campaign's mail, rendered from the editor's blocks (decision 045): an e-mail-safe
// HTML part (a 600px table, inline styles, readable on a phone) and a plain-text part with the same
// content, the brand at the top, and a footer in the recipient's language with why they get it,
// the sender's contact line, and the unsubscribe and preference links.
//
// Sanitising by construction: every character people typed is escaped; the only markup is what
// this file writes. A paragraph's **bold** and [label](url) become <strong> and <a>; a link, a
// button or an image whose address is not http(s) or mailto (an image: https or the media library)
// is dropped here even if validation was skipped.
import type { Locale } from "#contracts/locale.ts";
import { INLINE_LINK, isSafeImage, isSafeLink } from "#contracts/newsletter.ts";
import type { CampaignBlock } from "#contracts/newsletter-model.ts";
import { escapeHtml } from "../../lib/page-head";
import { MAIL_MUTED, MAIL_PINK, MAIL_TEXT, mailLayout } from "./layout";

export type CampaignMailInput = {
  blocks: CampaignBlock[];
  subject: string;
  locale: Locale;
  brandName: string;
  siteUrl: string;
  contactLine: string;
  unsubscribeUrl: string;
  preferencesUrl: string;
};

const FOOTER = {
  en: {
    why: (brand: string) => `You get this e-mail because you subscribed to ${brand} news.`,
    unsubscribe: "Unsubscribe",
    preferences: "Preferences",
  },
  "pt-BR": {
    why: (brand: string) => `Você recebe este e-mail porque se inscreveu nas novidades do ${brand}.`,
    unsubscribe: "Cancelar inscrição",
    preferences: "Preferências",
  },
} satisfies Record<Locale, unknown>;

const PINK = MAIL_PINK;
const TEXT = MAIL_TEXT;
const MUTED = MAIL_MUTED;

/** A media-library path made absolute; anything else unsafe is null. */
function imageUrl(src: string, siteUrl: string): string | null {
  if (!isSafeImage(src)) return null;
  return src.startsWith("/") ? `${siteUrl.replace(/\/+$/, "")}${src}` : src;
}

const safeHref = (href: string | undefined) => (href && isSafeLink(href) ? href : null);

/** A paragraph's inline markup to HTML: escaped text, **bold**, safe links; line breaks kept. */
function inlineHtml(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(INLINE_LINK)) {
    html += boldHtml(text.slice(last, match.index));
    const href = safeHref(match[2]);
    html += href ? `<a href="${escapeHtml(href)}" style="color:${PINK};">${boldHtml(match[1]!)}</a>` : boldHtml(match[1]!);
    last = match.index + match[0].length;
  }
  return html + boldHtml(text.slice(last));
}

function boldHtml(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*([^*\n][^*]*?)\*\*/g, "<strong>$1</strong>")
    .replace(/\n/g, "<br>");
}

/** The same paragraph as plain text: bold marks dropped, links as "label (url)". */
function inlineText(text: string): string {
  return text
    .replace(INLINE_LINK, (_all, label: string, url: string) => (safeHref(url) ? `${label} (${url})` : label))
    .replace(/\*\*([^*\n][^*]*?)\*\*/g, "$1");
}

function blockHtml(block: CampaignBlock, siteUrl: string): string {
  switch (block.type) {
    case "heading":
      return `<h2 style="margin:24px 0 8px;font-size:22px;line-height:1.3;color:${TEXT};">${escapeHtml(block.text)}</h2>`;
    case "paragraph":
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:${TEXT};">${inlineHtml(block.text)}</p>`;
    case "image": {
      const src = imageUrl(block.src, siteUrl);
      if (!src) return "";
      const img = `<img src="${escapeHtml(src)}" alt="${escapeHtml(block.alt)}" width="552" style="display:block;width:100%;max-width:552px;height:auto;border:0;border-radius:8px;">`;
      const href = safeHref(block.href);
      return `<div style="margin:0 0 16px;">${href ? `<a href="${escapeHtml(href)}">${img}</a>` : img}</div>`;
    }
    case "button": {
      const href = safeHref(block.href);
      if (!href) return "";
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px;"><tr><td style="border-radius:999px;background:${PINK};"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(block.label)}</a></td></tr></table>`;
    }
  }
}

function blockText(block: CampaignBlock, siteUrl: string): string {
  switch (block.type) {
    case "heading":
      return block.text.toUpperCase();
    case "paragraph":
      return inlineText(block.text);
    case "image": {
      const src = imageUrl(block.src, siteUrl);
      const href = safeHref(block.href);
      return src ? `[${block.alt || "image"}]${href ? ` (${href})` : ""}` : "";
    }
    case "button": {
      const href = safeHref(block.href);
      return href ? `${block.label} (${href})` : "";
    }
  }
}

export function renderCampaignMail(input: CampaignMailInput): { subject: string; html: string; text: string } {
  const t = FOOTER[input.locale];
  const subject = input.subject.replace(/\p{Cc}+/gu, " ").trim();
  const body = input.blocks.map((block) => blockHtml(block, input.siteUrl)).join("");
  const html = mailLayout({
    locale: input.locale,
    title: subject,
    brandName: input.brandName,
    siteUrl: input.siteUrl,
    body,
    footer: [
      `<p style="margin:0 0 8px;">${escapeHtml(t.why(input.brandName))}</p>`,
      `<p style="margin:0 0 8px;">${escapeHtml(input.contactLine)}</p>`,
      `<p style="margin:0;"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:${MUTED};">${t.unsubscribe}</a> · <a href="${escapeHtml(input.preferencesUrl)}" style="color:${MUTED};">${t.preferences}</a></p>`,
    ].join("\n"),
  });
  const text = [
    input.brandName,
    "",
    ...input.blocks.map((block) => blockText(block, input.siteUrl)).filter((line) => line !== ""),
    "",
    "--",
    t.why(input.brandName),
    input.contactLine,
    `${t.unsubscribe}: ${input.unsubscribeUrl}`,
    `${t.preferences}: ${input.preferencesUrl}`,
  ]
    .join("\n\n")
    .replace(/\n{3,}/g, "\n\n");
  return { subject, html, text };
}
