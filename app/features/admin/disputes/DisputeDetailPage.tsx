// /admin/disputes/$disputeId: one dispute or fraud warning, its deadline and the evidence the site
// assembled by itself from the order's access log (or a VIP payment's facts and the member's use of
// it); the admin adds a note and submits it once. With the local test checkout, buttons that close
// it as the buyer's bank would (decision 094).
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { DISPUTE_NOTE_MAX, type AccessLogEntry, type DisputeDetail } from "#contracts/disputes-model.ts";
import { formatMoment } from "../format";
import { disputeMessages as m, logKindMessages } from "./messages";
import { disputeQueryOptions, useLocalClose, useSaveNote, useSubmitEvidence } from "./queries";
import { DisputeAmount, DisputeStatus } from "./DisputeStatus";
import { WriteFailed } from "./DisputesPage";

function Fact({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const detailText = (detail: AccessLogEntry["detail"]) =>
  detail
    ? Object.entries(detail)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ")
    : "";

function AccessLog({ entries }: { entries: AccessLogEntry[] }) {
  const intl = useIntl();
  if (entries.length === 0)
    return (
      <p className="muted">
        <FormattedMessage {...m.logEmpty} />
      </p>
    );
  return (
    <div className="table-scroll">
      <table className="admin-table dispute-log">
        <caption className="sr-only">
          <FormattedMessage {...m.logTitle} />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage {...m.logWhen} />
            </th>
            <th scope="col">
              <FormattedMessage {...m.logWhat} />
            </th>
            <th scope="col">
              <FormattedMessage {...m.logIp} />
            </th>
            <th scope="col">
              <FormattedMessage {...m.logDetail} />
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={i}>
              <td>
                <time dateTime={e.at}>{formatMoment(intl, e.at)}</time>
              </td>
              <td>
                <FormattedMessage {...logKindMessages[e.kind]} />
              </td>
              <td>{e.ip ?? "—"}</td>
              <td>{detailText(e.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Evidence({ dispute }: { dispute: DisputeDetail }) {
  const e = dispute.evidence;
  if (!e) return null;
  return (
    <section className="card dispute-evidence" aria-labelledby="dispute-evidence-title">
      <h2 id="dispute-evidence-title">
        <FormattedMessage {...m.evidenceTitle} />
      </h2>
      <p className="muted">
        <FormattedMessage {...m.evidenceHint} />
      </p>
      <dl className="facts">
        <Fact label={<FormattedMessage {...m.email} />}>{e.customerEmailAddress}</Fact>
        <Fact label={<FormattedMessage {...m.purchaseIp} />}>{e.customerPurchaseIp ?? <FormattedMessage {...m.unknown} />}</Fact>
        <Fact label={<FormattedMessage {...m.receipt} />}>
          <pre className="dispute-text">{e.receipt}</pre>
        </Fact>
        <Fact label={<FormattedMessage {...m.tracking} />}>
          {e.shippingTrackingNumber ? `${e.shippingCarrier ?? ""} ${e.shippingTrackingNumber}`.trim() : <FormattedMessage {...m.unknown} />}
        </Fact>
        <Fact label={<FormattedMessage {...m.refundPolicy} />}>{e.refundPolicyDisclosure}</Fact>
      </dl>
      <h3>
        <FormattedMessage {...m.logTitle} />
      </h3>
      <AccessLog entries={dispute.accessLog} />
    </section>
  );
}

function Review({ dispute }: { dispute: DisputeDetail }) {
  const id = useId();
  const [note, setNote] = useState(dispute.note ?? "");
  const save = useSaveNote(dispute.id);
  const submit = useSubmitEvidence(dispute.id);
  const changed = note.trim() !== (dispute.note ?? "");
  return (
    <section className="card dispute-review">
      <label htmlFor={id}>
        <FormattedMessage {...m.noteLabel} />
      </label>
      <textarea id={id} rows={4} maxLength={DISPUTE_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" disabled={!changed || save.isPending} onClick={() => save.mutate(note)}>
          <FormattedMessage {...(save.isPending ? m.noteSaving : m.noteSave)} />
        </button>
        {save.isSuccess && !changed && (
          <span role="status">
            <FormattedMessage {...m.noteSaved} />
          </span>
        )}
      </div>
      {save.isError && <WriteFailed error={save.error} />}
      <p className="muted" id={`${id}-submit-hint`}>
        <FormattedMessage {...m.submitHint} />
      </p>
      <button
        type="button"
        className="btn btn-primary"
        aria-describedby={`${id}-submit-hint`}
        disabled={changed || submit.isPending || dispute.submittedAt !== null}
        onClick={() => submit.mutate(undefined)}
      >
        <FormattedMessage {...(submit.isPending ? m.submitting : m.submit)} />
      </button>
      {submit.isError && <WriteFailed error={submit.error} />}
    </section>
  );
}

const PLAN = { monthly: m.planMonthly, yearly: m.planYearly, unknown: m.planUnknown };

function warningText(dispute: DisputeDetail) {
  if (dispute.membership) return dispute.fraudAction === "refunded" ? m.warningRefundedVip : m.warningFlaggedVip;
  return dispute.fraudAction === "refunded" ? m.warningRefunded : m.warningFlagged;
}

function LocalClose({ id }: { id: string }) {
  const close = useLocalClose(id);
  return (
    <section className="card disputes-local" aria-labelledby="dispute-local-title">
      <h2 id="dispute-local-title">
        <FormattedMessage {...m.localTitle} />
      </h2>
      <p className="muted">
        <FormattedMessage {...m.localHint} />
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" disabled={close.isPending} onClick={() => close.mutate("won")}>
          <FormattedMessage {...m.localWon} />
        </button>
        <button type="button" className="btn btn-danger" disabled={close.isPending} onClick={() => close.mutate("lost")}>
          <FormattedMessage {...m.localLost} />
        </button>
      </div>
      {close.isError && <WriteFailed error={close.error} />}
    </section>
  );
}

function Dispute({ dispute }: { dispute: DisputeDetail }) {
  const intl = useIntl();
  const open = dispute.type === "dispute" && dispute.closedAt === null;
  const type = intl.formatMessage(dispute.type === "dispute" ? m.typeDispute : m.typeWarning);
  return (
    <div className="dispute-page">
      <p>
        <Link to="/admin/disputes">
          <FormattedMessage {...m.back} />
        </Link>
      </p>
      <h2>
        {dispute.order ? (
          <FormattedMessage {...m.heading} values={{ type, number: dispute.order.number }} />
        ) : dispute.membership ? (
          <FormattedMessage {...m.headingMembership} values={{ type, username: dispute.membership.username }} />
        ) : (
          <FormattedMessage {...m.headingNoOrder} values={{ type }} />
        )}
      </h2>
      <dl className="facts">
        <Fact label={<FormattedMessage {...m.colStatus} />}>
          <DisputeStatus status={dispute.status} />
        </Fact>
        <Fact label={<FormattedMessage {...m.colAmount} />}>
          <DisputeAmount cents={dispute.amountCents} currency={dispute.currency} />
        </Fact>
        {dispute.reason && <Fact label={<FormattedMessage {...m.reason} />}>{dispute.reason}</Fact>}
        {dispute.evidenceDueAt && open && (
          <Fact label={<FormattedMessage {...m.deadline} />}>
            <time dateTime={dispute.evidenceDueAt}>{formatMoment(intl, dispute.evidenceDueAt)}</time>
          </Fact>
        )}
        {dispute.submittedAt && (
          <Fact label={<FormattedMessage {...m.submitted} />}>
            <time dateTime={dispute.submittedAt}>{formatMoment(intl, dispute.submittedAt)}</time>
          </Fact>
        )}
        <Fact label={<FormattedMessage {...m.opened} />}>
          <time dateTime={dispute.createdAt}>{formatMoment(intl, dispute.createdAt)}</time>
        </Fact>
        {dispute.order && (
          <Fact label={<FormattedMessage {...m.customer} />}>
            {dispute.order.email}{" "}
            <Link to="/admin/store/orders/$orderId" params={{ orderId: dispute.order.id }}>
              <FormattedMessage {...m.orderLink} values={{ number: dispute.order.number }} />
            </Link>
          </Fact>
        )}
        {dispute.membership && (
          <>
            <Fact label={<FormattedMessage {...m.member} />}>
              {dispute.membership.username} ({dispute.membership.email})
            </Fact>
            <Fact label={<FormattedMessage {...m.plan} />}>
              <FormattedMessage {...PLAN[dispute.membership.plan ?? "unknown"]} />
            </Fact>
          </>
        )}
      </dl>
      {dispute.fraudAction && (
        <p className={dispute.fraudAction === "flagged" ? "error-banner" : "muted"}>
          <FormattedMessage {...warningText(dispute)} />
        </p>
      )}
      {open && <Review dispute={dispute} />}
      <Evidence dispute={dispute} />
      {open && dispute.local && <LocalClose id={dispute.id} />}
    </div>
  );
}

export function DisputeDetailPage({ id }: { id: string }) {
  const query = useQuery(disputeQueryOptions(id));
  return (
    <QueryState
      query={query}
      loading={<FormattedMessage {...m.loading} />}
      failed={<FormattedMessage {...m.loadOneFailed} />}
      retry={<FormattedMessage {...m.retry} />}
    >
      {({ dispute }) => <Dispute key={dispute.id} dispute={dispute} />}
    </QueryState>
  );
}
