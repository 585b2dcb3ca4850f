// The admins' notice of a dispute or an early fraud warning on a payment (decision 094), in the back
// office's notification language: what happened, on which order, how much, and by when evidence is due.
import type { Locale } from "#contracts/locale.ts";
import { mailAmount, mailDateTime } from "./format";
import { adminNotice } from "./templates";
import type { MailMessage } from "./types";

export type DisputeFacts = {
  id: string;
  type: "dispute" | "fraud_warning";
  /** What happened: opened, updated, won, lost; for a warning, refunded or flagged. */
  state: "opened" | "updated" | "won" | "lost" | "refunded" | "flagged";
  orderNumber: number;
  email: string;
  amountCents: number;
  currency: string;
  reason: string | null;
  evidenceDueAt: number | null;
};

const en = {
  subject: {
    opened: (n: string) => `A payment was disputed: order #${n}`,
    updated: (n: string) => `A dispute changed: order #${n}`,
    won: (n: string) => `Dispute won: order #${n}`,
    lost: (n: string) => `Dispute lost: order #${n} was taken back`,
    refunded: (n: string) => `Fraud warning: order #${n} was refunded and revoked`,
    flagged: (n: string) => `Fraud warning: order #${n} needs your review`,
  },
  heading: {
    opened: "The buyer's bank disputes this payment. Review the evidence the site gathered and submit it before the deadline.",
    updated: "The provider updated this dispute.",
    won: "The dispute was decided for you: nothing changes.",
    lost: "The dispute was lost: what the order paid for was revoked and the amount recorded in the ledger.",
    refunded: "The card issuer warned of fraud. Nothing had shipped or been checked in, so the order was refunded and revoked.",
    flagged: "The card issuer warned of fraud. Something already shipped or was checked in, so the order was left as it is for you to review.",
  },
  order: "Order",
  customer: "Customer",
  amount: "Amount",
  reason: "Reason",
  due: "Evidence due",
  footer: "See it in the back office, under Disputes.",
};

const ptBR: typeof en = {
  subject: {
    opened: (n) => `Um pagamento foi contestado: pedido nº ${n}`,
    updated: (n) => `Uma contestação mudou: pedido nº ${n}`,
    won: (n) => `Contestação ganha: pedido nº ${n}`,
    lost: (n) => `Contestação perdida: o pedido nº ${n} foi revogado`,
    refunded: (n) => `Alerta de fraude: o pedido nº ${n} foi reembolsado e revogado`,
    flagged: (n) => `Alerta de fraude: o pedido nº ${n} precisa da sua revisão`,
  },
  heading: {
    opened: "O banco do comprador contesta este pagamento. Revise as evidências que o site reuniu e envie-as antes do prazo.",
    updated: "O provedor atualizou esta contestação.",
    won: "A contestação foi decidida a seu favor: nada muda.",
    lost: "A contestação foi perdida: o que o pedido pagou foi revogado e o valor registrado no livro-caixa.",
    refunded: "O emissor do cartão alertou sobre fraude. Nada tinha sido enviado nem feito check-in, então o pedido foi reembolsado e revogado.",
    flagged: "O emissor do cartão alertou sobre fraude. Algo já foi enviado ou teve check-in, então o pedido ficou como está para você revisar.",
  },
  order: "Pedido",
  customer: "Cliente",
  amount: "Valor",
  reason: "Motivo",
  due: "Prazo das evidências",
  footer: "Veja no painel, em Contestações.",
};

export function disputeNotificationMail({ to, locale, dispute }: { to: string; locale: Locale; dispute: DisputeFacts }): MailMessage {
  const t = locale === "pt-BR" ? ptBR : en;
  const n = String(dispute.orderNumber);
  const rows: [string, string][] = [
    [t.order, `#${n}`],
    [t.customer, dispute.email],
    [t.amount, mailAmount(locale, dispute.amountCents, dispute.currency)],
  ];
  if (dispute.reason) rows.push([t.reason, dispute.reason]);
  if (dispute.evidenceDueAt && dispute.state !== "won" && dispute.state !== "lost") rows.push([t.due, mailDateTime(locale, new Date(dispute.evidenceDueAt))]);
  return {
    ...adminNotice({ to, locale, subject: t.subject[dispute.state](n), heading: t.heading[dispute.state], rows, footer: t.footer }),
    // One notice per dispute and state: a retried notice is not mailed twice.
    idempotencyKey: `admin-dispute:${dispute.id}:${dispute.state}`,
  };
}
