// The admins' notice of a dispute or an early fraud warning on a payment (decision 094), in the back
// office's notification language: what happened, on which order or VIP membership, how much, and by
// when evidence is due.
import type { Locale } from "#contracts/locale.ts";
import { mailAmount, mailDateTime } from "./format";
import { adminNotice } from "./templates";
import type { MailMessage } from "./types";
import type { DisputeRow } from "../../db/payment-disputes";

export type DisputeFacts = {
  id: string;
  type: "dispute" | "fraud_warning";
  /** What happened: opened, updated, won, lost; for a warning, refunded or flagged. */
  state: "opened" | "updated" | "won" | "lost" | "refunded" | "flagged";
  /** The disputed order's number; null for a VIP payment's, which names the member instead. */
  orderNumber: number | null;
  member?: { username: string; plan: "monthly" | "yearly" | null };
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
  vip: {
    subject: {
      opened: (u: string) => `A VIP payment was disputed: ${u}`,
      updated: (u: string) => `A dispute changed: VIP membership of ${u}`,
      won: (u: string) => `Dispute won: VIP membership of ${u}`,
      lost: (u: string) => `Dispute lost: the VIP membership of ${u} was ended`,
      refunded: (u: string) => `Fraud warning: the VIP payment of ${u} was refunded and the membership ended`,
      flagged: (u: string) => `Fraud warning: the VIP membership of ${u} needs your review`,
    },
    heading: {
      opened: "The member's bank disputes a VIP payment. Review the evidence the site gathered and submit it before the deadline.",
      updated: "The provider updated this dispute.",
      won: "The dispute was decided for you: nothing changes.",
      lost: "The dispute was lost: the VIP membership ended now, its subscription was cancelled and the amount recorded in the ledger.",
      refunded:
        "The card issuer warned of fraud on the membership's first payment, within the period it paid for, so it was refunded and the membership ended.",
      flagged: "The card issuer warned of fraud on a VIP payment whose time was already in use, so the membership was left as it is for you to review.",
    },
    plan: { monthly: "Monthly", yearly: "Yearly", none: "VIP" },
  },
  order: "Order",
  member: "Member",
  plan: "Plan",
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
  vip: {
    subject: {
      opened: (u) => `Um pagamento VIP foi contestado: ${u}`,
      updated: (u) => `Uma contestação mudou: assinatura VIP de ${u}`,
      won: (u) => `Contestação ganha: assinatura VIP de ${u}`,
      lost: (u) => `Contestação perdida: a assinatura VIP de ${u} foi encerrada`,
      refunded: (u) => `Alerta de fraude: o pagamento VIP de ${u} foi reembolsado e a assinatura encerrada`,
      flagged: (u) => `Alerta de fraude: a assinatura VIP de ${u} precisa da sua revisão`,
    },
    heading: {
      opened: "O banco do membro contesta um pagamento VIP. Revise as evidências que o site reuniu e envie-as antes do prazo.",
      updated: "O provedor atualizou esta contestação.",
      won: "A contestação foi decidida a seu favor: nada muda.",
      lost: "A contestação foi perdida: a assinatura VIP terminou agora, foi cancelada e o valor registrado no livro-caixa.",
      refunded:
        "O emissor do cartão alertou sobre fraude no primeiro pagamento da assinatura, dentro do período pago, então ele foi reembolsado e a assinatura encerrada.",
      flagged: "O emissor do cartão alertou sobre fraude num pagamento VIP cujo tempo já estava em uso, então a assinatura ficou como está para você revisar.",
    },
    plan: { monthly: "Mensal", yearly: "Anual", none: "VIP" },
  },
  order: "Pedido",
  member: "Membro",
  plan: "Plano",
  customer: "Cliente",
  amount: "Valor",
  reason: "Motivo",
  due: "Prazo das evidências",
  footer: "Veja no painel, em Contestações.",
};

/** What a delivery at `now` did to the row, as the notice says it; null: a warning not acted on. */
export function noticeState(row: DisputeRow, now: number): DisputeFacts["state"] | null {
  if (row.type === "fraud_warning") return row.fraudAction;
  if (row.closedAt === now) return row.outcome ?? "updated";
  return row.createdAt === now ? "opened" : "updated";
}

export function disputeNotificationMail({ to, locale, dispute }: { to: string; locale: Locale; dispute: DisputeFacts }): MailMessage {
  const t = locale === "pt-BR" ? ptBR : en;
  const member = dispute.member;
  const n = String(dispute.orderNumber);
  const rows: [string, string][] = member
    ? [
        [t.member, member.username],
        [t.plan, t.vip.plan[member.plan ?? "none"]],
      ]
    : [[t.order, `#${n}`]];
  rows.push([t.customer, dispute.email], [t.amount, mailAmount(locale, dispute.amountCents, dispute.currency)]);
  if (dispute.reason) rows.push([t.reason, dispute.reason]);
  if (dispute.evidenceDueAt && dispute.state !== "won" && dispute.state !== "lost") rows.push([t.due, mailDateTime(locale, new Date(dispute.evidenceDueAt))]);
  return {
    ...adminNotice({
      to,
      locale,
      subject: member ? t.vip.subject[dispute.state](member.username) : t.subject[dispute.state](n),
      heading: (member ? t.vip.heading : t.heading)[dispute.state],
      rows,
      footer: t.footer,
    }),
    // One notice per dispute and state: a retried notice is not mailed twice.
    idempotencyKey: `admin-dispute:${dispute.id}:${dispute.state}`,
  };
}
