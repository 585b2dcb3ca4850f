// /admin/disputes: every dispute and early fraud warning, open ones first by their evidence
// deadline, each linking to its page; with the local test checkout, a form that raises one on an
// order or a member's VIP payment as the buyer's bank would (decision 094).
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { serverErrorText } from "../../../lib/forms/errorText";
import type { DisputeSummary } from "#contracts/disputes-model.ts";
import { formatMoment } from "../format";
import { disputeMessages as m } from "./messages";
import { disputesQueryOptions, useLocalRaise } from "./queries";
import { DisputeAmount, DisputeStatus, DisputeType } from "./DisputeStatus";
import "../admin.css";

function DisputesTable({ disputes }: { disputes: DisputeSummary[] }) {
  const intl = useIntl();
  if (disputes.length === 0)
    return (
      <p className="muted">
        <FormattedMessage {...m.empty} />
      </p>
    );
  return (
    <div className="table-scroll">
      <table className="admin-table disputes-table">
        <caption className="sr-only">
          <FormattedMessage {...m.caption} />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage {...m.colOrder} />
            </th>
            <th scope="col">
              <FormattedMessage {...m.colType} />
            </th>
            <th scope="col">
              <FormattedMessage {...m.colStatus} />
            </th>
            <th scope="col">
              <FormattedMessage {...m.colAmount} />
            </th>
            <th scope="col">
              <FormattedMessage {...m.colDeadline} />
            </th>
          </tr>
        </thead>
        <tbody>
          {disputes.map((d) => (
            <tr key={d.id}>
              <td>
                <Link to="/admin/disputes/$disputeId" params={{ disputeId: d.id }} aria-label={intl.formatMessage(m.open, { id: d.id })}>
                  <Purchase dispute={d} />
                </Link>
              </td>
              <td>
                <DisputeType type={d.type} />
              </td>
              <td>
                <DisputeStatus status={d.status} />
              </td>
              <td>
                <DisputeAmount cents={d.amountCents} currency={d.currency} />
              </td>
              <td>
                {d.evidenceDueAt && !d.closedAt ? (
                  <time dateTime={d.evidenceDueAt}>{formatMoment(intl, d.evidenceDueAt)}</time>
                ) : (
                  <FormattedMessage {...m.noDeadline} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What a dispute is about: an order by its number, or a member's VIP membership. */
function Purchase({ dispute }: { dispute: DisputeSummary }) {
  if (dispute.order) return <FormattedMessage {...m.orderNumber} values={{ number: dispute.order.number }} />;
  if (dispute.membership) return <FormattedMessage {...m.membership} values={{ username: dispute.membership.username }} />;
  return <FormattedMessage {...m.noOrder} />;
}

type RaiseTarget = { orderNumber: number } | { username: string };

/** One field of the local bank: what to raise on, and its two buttons. */
function RaiseOn({ label, numeric, target }: { label: MessageDescriptor; numeric?: boolean; target: (value: string) => RaiseTarget | null }) {
  const id = useId();
  const [value, setValue] = useState("");
  const raise = useLocalRaise();
  const navigate = useNavigate();
  const on = target(value.trim());
  const send = (type: "dispute" | "fraud_warning") =>
    on && raise.mutate({ ...on, type }, { onSuccess: ({ dispute }) => void navigate({ to: "/admin/disputes/$disputeId", params: { disputeId: dispute.id } }) });
  return (
    <div className="field disputes-local-target" role="group" aria-labelledby={`${id}-label`}>
      <label htmlFor={id} id={`${id}-label`}>
        <FormattedMessage {...label} />
      </label>
      <input id={id} inputMode={numeric ? "numeric" : undefined} value={value} onChange={(e) => setValue(e.target.value)} />
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" disabled={!on || raise.isPending} onClick={() => send("dispute")}>
          <FormattedMessage {...m.localRaiseDispute} />
        </button>
        <button type="button" className="btn btn-ghost" disabled={!on || raise.isPending} onClick={() => send("fraud_warning")}>
          <FormattedMessage {...m.localRaiseWarning} />
        </button>
      </div>
      {raise.isError && <WriteFailed error={raise.error} />}
    </div>
  );
}

const orderTarget = (value: string): RaiseTarget | null => {
  const orderNumber = Number.parseInt(value, 10);
  return orderNumber > 0 ? { orderNumber } : null;
};
const memberTarget = (value: string): RaiseTarget | null => (value ? { username: value } : null);

/** The local test checkout's bank: raises a dispute or a fraud warning on an order by its number, or on a member's VIP payment. */
function LocalRaise() {
  const id = useId();
  return (
    <section className="card disputes-local" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage {...m.localTitle} />
      </h2>
      <p className="muted">
        <FormattedMessage {...m.localHint} />
      </p>
      <RaiseOn label={m.localOrder} numeric target={orderTarget} />
      <RaiseOn label={m.localMember} target={memberTarget} />
    </section>
  );
}

/** A refused write: the text of a code the site knows, else this part's own. */
export function WriteFailed({ error }: { error: unknown }) {
  const known = serverErrorText(error);
  return (
    <p className="field-error" role="alert">
      {known ? <FormattedMessage {...known.message} values={known.values} /> : <FormattedMessage {...m.writeFailed} />}
    </p>
  );
}

export function DisputesPage() {
  const query = useQuery(disputesQueryOptions());
  return (
    <QueryState
      query={query}
      loading={<FormattedMessage {...m.loading} />}
      failed={<FormattedMessage {...m.loadFailed} />}
      retry={<FormattedMessage {...m.retry} />}
    >
      {({ disputes, local }) => (
        <>
          <DisputesTable disputes={disputes} />
          {local && <LocalRaise />}
        </>
      )}
    </QueryState>
  );
}
