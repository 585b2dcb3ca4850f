// The frame every designed mail shares: an e-mail-safe HTML page (a 600px table, inline styles,
// readable on a phone) with the brand at the top linking to the site, the mail's own body, and a
// muted footer. Campaigns and the store's and tickets' receipts are drawn in it, so a buyer's
// receipt looks like the rest of what the site sends. The body and footer are HTML the caller
// escaped; the title and brand are escaped here.
import type { Locale } from "#contracts/locale.ts";
import { escapeHtml } from "../../lib/page-head";

export const MAIL_PINK = "#e6007e";
export const MAIL_TEXT = "#1d1d1f";
export const MAIL_MUTED = "#6b6b70";

export type MailLayoutInput = {
  locale: Locale;
  /** The page's title (the subject). */
  title: string;
  brandName: string;
  siteUrl: string;
  /** The body's HTML. */
  body: string;
  /** The footer's HTML (paragraphs). */
  footer: string;
};

export function mailLayout({ locale, title, brandName, siteUrl, body, footer }: MailLayoutInput): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f6;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;font-family:Helvetica,Arial,sans-serif;">
<tr><td style="padding:24px 24px 0;font-size:20px;font-weight:bold;color:${MAIL_PINK};"><a href="${escapeHtml(siteUrl)}" style="color:${MAIL_PINK};text-decoration:none;">${escapeHtml(brandName)}</a></td></tr>
<tr><td style="padding:8px 24px 8px;color:${MAIL_TEXT};">${body}</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e5ea;font-size:13px;line-height:1.5;color:${MAIL_MUTED};">
${footer}
</td></tr>
</table>
</td></tr></table>
</body></html>`;
}
