// /api/admin/disputes/* (decision 094): the payments' disputes and early fraud warnings, for every
// kind of purchase; behind the back office's gate (routes/admin/index.ts).
//   GET  /                  the list: open first by deadline, then the closed, newest first
//   GET  /:id               one, with the evidence the site assembled and the order's access log
//   PUT  /:id/note          { note }: the admin's text, sent with the evidence (open disputes only)
//   POST /:id/submit        submits the evidence to the provider, once (live: Stripe's dispute API;
//                           local: the local provider puts it under review)
//   POST /local             { orderNumber | username, type }: the local provider raises a dispute or a
//                           warning on a paid order, or on a member's latest VIP payment
//   POST /:id/local-close   { outcome }: the local provider closes it as won or lost
// The two local controls exist only with the local test checkout, on this machine (404 elsewhere),
// and change the dispute only through the provider's signed events, as the live webhook would.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { conflict, routeError } from "../../lib/errors";
import { isLoopbackRequest, localMachineOnly } from "../../middleware/local-only";
import { findDispute, listDisputes, saveDisputeNote, claimSubmission, releaseSubmission, type DisputeRow } from "../../db/payment-disputes";
import { createPaymentsService, PaymentProviderError, PaymentsConfigError, paymentsModeOf } from "../../services/payments";
import { closeLocalDispute, raiseLocalDispute, type LocalDisputeDeps } from "../../services/payments/local-disputes";
import { PURCHASE_KINDS } from "../../services/areas";
import { evidenceInput, findOrderByNumber, orderEvidence } from "../../services/store/dispute-evidence";
import { storeOrders } from "../../services/store/purchase";
import { VIP_KIND_NAME, vipEvidence } from "../../services/membership/dispute-evidence";
import { latestVipPaymentOf } from "../../db/tiers/vip-payments";
import { findUserByUsername } from "../../db/auth";
import { isLocalMode } from "../../env";
import {
  DISPUTES_LIST_MAX,
  disputeIdParam,
  disputeNoteSchema,
  localCloseSchema,
  localDisputeSchema,
  type DisputeDetailResponse,
  type DisputesListResponse,
  type DisputeSummary,
  type AccessLogEntry,
  type DisputeEvidence,
} from "#contracts/disputes.ts";

const idParam = validate("param", disputeIdParam);
const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const notFound = () => routeError("dispute_not_found");

/** The local test checkout's controls are offered here (its payments, this machine). */
const localControls = (c: Context<HonoEnv>) => paymentsModeOf(c.env) === "local" && isLocalMode(c.env) && isLoopbackRequest(c.req.url);

type Found = { evidence: DisputeEvidence; accessLog: AccessLogEntry[]; order?: DisputeSummary["order"]; membership?: DisputeSummary["membership"] };

/** The purchase the dispute is about, with its evidence: a store order, or a VIP payment (by its intent); null for another kind's. */
async function purchaseOf(c: Context<HonoEnv>, row: DisputeRow): Promise<Found | null> {
  if (row.kind === storeOrders.name) return orderEvidence(c.var.db, row.targetId);
  if (row.kind === VIP_KIND_NAME) return vipEvidence(c.var.db, row.paymentIntentId);
  return null;
}

function summaryOf(row: DisputeRow, found: Found | null): DisputeSummary {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    reason: row.reason,
    amountCents: row.amountCents,
    currency: row.currency,
    evidenceDueAt: isoOrNull(row.evidenceDueAt),
    outcome: row.outcome,
    fraudAction: row.fraudAction,
    submittedAt: isoOrNull(row.submittedAt),
    closedAt: isoOrNull(row.closedAt),
    createdAt: new Date(row.createdAt).toISOString(),
    order: found?.order ?? null,
    membership: found?.membership ?? null,
  };
}

async function detailOf(c: Context<HonoEnv>, id: string): Promise<DisputeDetailResponse> {
  const row = await findDispute(c.var.db, id);
  if (!row) throw notFound();
  const found = await purchaseOf(c, row);
  return {
    dispute: {
      ...summaryOf(row, found),
      note: row.note,
      local: localControls(c),
      evidence: found?.evidence ?? null,
      accessLog: found?.accessLog ?? [],
    },
  };
}

function paymentsFor(c: Context<HonoEnv>) {
  try {
    return createPaymentsService(c.env, { db: c.var.db, kinds: PURCHASE_KINDS });
  } catch (err) {
    if (!(err instanceof PaymentsConfigError)) throw err;
    console.error(`payments: ${err.message}`);
    throw routeError("payments_unavailable");
  }
}

/** The local provider, handing what follows its events (the admins' notices) to this request. */
function localDeps(c: Context<HonoEnv>): LocalDisputeDeps {
  return { db: c.var.db, secret: c.env.LOCAL_PAYMENTS_SECRET ?? "", kinds: PURCHASE_KINDS, followUp: c };
}

/** A paid order's payment, or the refusal that says why not. */
async function paidOrder(c: Context<HonoEnv>, orderNumber: number) {
  const order = await findOrderByNumber(c.var.db, orderNumber);
  if (!order) throw routeError("order_not_found");
  if (!order.paymentIntentId || order.amountCents <= 0)
    throw conflict("Only a paid order that is not refunded in full can be disputed", "order_not_disputable");
  return { paymentIntentId: order.paymentIntentId, amountCents: order.amountCents, currency: order.currency };
}

/** A member's latest VIP payment not refunded in full, or the refusal that says why not. */
async function paidMembership(c: Context<HonoEnv>, username: string) {
  const user = await findUserByUsername(c.var.db, username);
  if (!user) throw routeError("user_not_found");
  const payment = await latestVipPaymentOf(c.var.db, user.id);
  if (!payment) throw routeError("membership_not_disputable");
  return { paymentIntentId: payment.paymentIntentId, amountCents: payment.amountCents - payment.refundedCents, currency: payment.currency };
}

/** An open dispute, or the refusal that says why not. */
async function openDispute(c: Context<HonoEnv>, id: string) {
  const row = await findDispute(c.var.db, id);
  if (!row) throw notFound();
  if (row.type !== "dispute") throw conflict("A fraud warning takes no evidence", "dispute_not_submittable");
  if (row.closedAt !== null) throw conflict("This dispute is closed", "dispute_closed");
  return row;
}

export const adminDisputeRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const rows = await listDisputes(c.var.db, DISPUTES_LIST_MAX);
    const disputes = await Promise.all(
      rows.map(async (row) => {
        const found = await purchaseOf(c, row);
        return summaryOf(row, found);
      }),
    );
    return c.json<DisputesListResponse>({ disputes, local: localControls(c) });
  })

  .post("/local", localMachineOnly, validate("json", localDisputeSchema), async (c) => {
    if (paymentsModeOf(c.env) !== "local") throw routeError("not_found");
    const body = c.req.valid("json");
    const payment = "orderNumber" in body ? await paidOrder(c, body.orderNumber) : await paidMembership(c, body.username);
    const id = await raiseLocalDispute(localDeps(c), { ...payment, type: body.type });
    return c.json<DisputeDetailResponse>(await detailOf(c, id), 201);
  })

  .get("/:id", idParam, async (c) => c.json<DisputeDetailResponse>(await detailOf(c, c.req.valid("param").id)))

  .put("/:id/note", idParam, validate("json", disputeNoteSchema), async (c) => {
    const { id } = c.req.valid("param");
    await openDispute(c, id);
    const note = c.req.valid("json").note;
    if (!(await saveDisputeNote(c.var.db, id, note || null, Date.now()))) throw conflict("This dispute is closed", "dispute_closed");
    return c.json<DisputeDetailResponse>(await detailOf(c, id));
  })

  .post("/:id/submit", idParam, async (c) => {
    const { id } = c.req.valid("param");
    const row = await openDispute(c, id);
    const found = await purchaseOf(c, row);
    if (!found) throw notFound();
    const service = paymentsFor(c);
    // Claimed before the provider is asked: a double click or a second admin submits nothing more.
    const at = Date.now();
    if (!(await claimSubmission(c.var.db, id, at))) throw conflict("The evidence was submitted already", "dispute_already_submitted");
    try {
      await service.submitDisputeEvidence(id, evidenceInput(found.evidence, row.note));
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      await releaseSubmission(c.var.db, id, at);
      console.error(`payments: evidence for dispute ${id} refused`, err);
      throw routeError("dispute_submit_failed");
    }
    return c.json<DisputeDetailResponse>(await detailOf(c, id));
  })

  .post("/:id/local-close", localMachineOnly, idParam, validate("json", localCloseSchema), async (c) => {
    if (paymentsModeOf(c.env) !== "local") throw routeError("not_found");
    const { id } = c.req.valid("param");
    await openDispute(c, id);
    await closeLocalDispute(localDeps(c), id, c.req.valid("json").outcome);
    return c.json<DisputeDetailResponse>(await detailOf(c, id));
  });
