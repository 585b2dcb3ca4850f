// The tickets part of a store order's receipt (decision 055), in the buyer's language: each ticket
// with its event, type, typed code and QR code (an HTML table of cells, worker/lib/qr-table.ts,
// which every mail client shows), and the link to /tickets, where they always are. A table is some
// 37 KB, so the mail draws the first MAIL_QR_LIMIT and lists the codes of the rest. Tickets whose
// seats ran out before a late payment are named as not issued: the back office refunds them.
import type { Locale } from "#contracts/locale.ts";
import { escapeHtml } from "../../lib/page-head";
import { qrTableHtml } from "../../lib/qr-table";
import { mailDateTime, mailNumber } from "./format";

/** QR codes drawn in one mail; the rest are in /tickets (their codes are listed). */
export const MAIL_QR_LIMIT = 4;

const en = {
  heading: "Your tickets",
  intro: "Show a ticket's QR code at the door (on your phone or printed); the door can also type its code.",
  code: (code: string) => `Code: ${code}`,
  qrLabel: (code: string) => `QR code of ticket ${code}`,
  moreOnline: (count: string) => `The QR codes of ${count} more ticket(s) are in your tickets page.`,
  ticketsLink: "All your tickets, to show, print or name the person who uses each:",
  guestClaim: "Sign in (or create an account) with this e-mail address to see them there.",
  notIssuedHeading: "Sold out before your payment arrived",
  notIssued: "These seats ran out before your payment reached us, so no ticket was issued for them: we will refund them.",
};

const ptBR: typeof en = {
  heading: "Seus ingressos",
  intro: "Mostre o QR code de um ingresso na entrada (no celular ou impresso); na entrada também podem digitar o código.",
  code: (code) => `Código: ${code}`,
  qrLabel: (code) => `QR code do ingresso ${code}`,
  moreOnline: (count) => `Os QR codes de mais ${count} ingresso(s) estão na sua página de ingressos.`,
  ticketsLink: "Todos os seus ingressos, para mostrar, imprimir ou dar o nome de quem usará cada um:",
  guestClaim: "Entre (ou crie uma conta) com este endereço de e-mail para vê-los lá.",
  notIssuedHeading: "Esgotado antes da chegada do seu pagamento",
  notIssued: "Estes lugares esgotaram antes de o seu pagamento chegar, então nenhum ingresso foi emitido para eles: vamos reembolsá-los.",
};

export const TICKET_RECEIPT_TEXTS: Record<Locale, typeof en> = { en, "pt-BR": ptBR };

export type ReceiptTicket = {
  code: string;
  /** The signed token the QR holds (worker/lib/ticket-token.ts). */
  token: string;
  eventTitle: string;
  eventDate: Date;
  timeZone: string;
  typeName: string;
};

export type ReceiptTickets = {
  tickets: ReceiptTicket[];
  /** Ticket lines a late payment could not get seats for: "Event: Type" and how many. */
  notIssued: { name: string; quantity: number }[];
  ticketsUrl: string;
  /** A guest's order: the tickets show in /tickets once they sign in with the order's address. */
  guest: boolean;
};

/** The receipt's lines of text and HTML for its tickets. */
export function ticketReceiptParts(locale: Locale, facts: ReceiptTickets): { text: string[]; html: string[] } {
  const t = TICKET_RECEIPT_TEXTS[locale];
  const e = escapeHtml;
  const text: string[] = [];
  const html: string[] = [];
  const heading = (title: string) => `<h2 style="font-size:16px">${e(title)}</h2>`;
  const about = (x: ReceiptTicket) => `${x.eventTitle}, ${mailDateTime(locale, x.eventDate, x.timeZone)}: ${x.typeName}`;
  if (facts.tickets.length) {
    text.push("", `${t.heading}:`, t.intro, ...facts.tickets.map((x) => `${about(x)}. ${t.code(x.code)}`));
    html.push(heading(t.heading), `<p>${e(t.intro)}</p>`);
    for (const [i, x] of facts.tickets.entries()) {
      html.push(
        `<div style="margin:0 0 20px">`,
        `<p style="margin:0 0 6px"><strong>${e(x.eventTitle)}</strong><br>${e(mailDateTime(locale, x.eventDate, x.timeZone))}<br>${e(x.typeName)}</p>`,
        i < MAIL_QR_LIMIT ? qrTableHtml(x.token, t.qrLabel(x.code)) : "",
        `<p style="margin:6px 0 0;font-family:monospace;font-size:16px;letter-spacing:1px">${e(t.code(x.code))}</p>`,
        `</div>`,
      );
    }
    const more = facts.tickets.length - MAIL_QR_LIMIT;
    if (more > 0) html.push(`<p>${e(t.moreOnline(mailNumber(locale, more)))}</p>`);
    text.push("", t.ticketsLink, facts.ticketsUrl);
    html.push(`<p>${e(t.ticketsLink)} <a href="${e(facts.ticketsUrl)}">${e(facts.ticketsUrl)}</a></p>`);
    if (facts.guest) {
      text.push(t.guestClaim);
      html.push(`<p>${e(t.guestClaim)}</p>`);
    }
  }
  if (facts.notIssued.length) {
    const lines = facts.notIssued.map((n) => `${mailNumber(locale, n.quantity)} × ${n.name}`);
    text.push("", `${t.notIssuedHeading}:`, ...lines, t.notIssued);
    html.push(heading(t.notIssuedHeading), `<ul>${lines.map((l) => `<li>${e(l)}</li>`).join("")}</ul>`, `<p>${e(t.notIssued)}</p>`);
  }
  return { text, html };
}
