// The event form's ticket types (decision 055): what a saved custom event in USD or BRL sells on
// this site. A table of its types (name in both languages, price in the event's currency, quantity,
// sold with what checkouts hold, left, per-order limit, VIP only) with Edit and Remove, and "Add
// ticket type". Each change is its own request, saved at once (not with the event's Save): the
// dialog's form is not inside the event's. The sale window is the form's ticket sale start and end
// and the VIP presale above. A new event, or one sold elsewhere, says why there are no types.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { formatMoney } from "../../../lib/intlFormat";
import { serverErrorText } from "../../../lib/forms/errorText";
import type { AdminTicketType } from "#contracts/tickets/admin-ticket-types.ts";
import { ticketCurrencyOf } from "#contracts/tickets/event-tickets-model.ts";
import { useEventsRefresh } from "./queries";
import { ticketTypesQueryOptions, ticketTypeWrites } from "./ticketTypes";
import { eventsMessages as em } from "./messages";
import { TICKET_TYPE_ERROR_TEXTS, ticketTypeMessages as m } from "./ticket-type-messages";
import { TicketTypeDialog } from "./TicketTypeDialog";

type Props = {
  /** The saved event, null while creating one. */
  eventId: string | null;
  /** As saved: the types' prices are in the saved currency, and only a saved custom event sells. */
  savedSource: string | null;
  savedCurrency: string | null;
  /** The types the event's own answer carried: shown at once, without asking again. */
  initialTypes?: AdminTicketType[];
};

export function EventTicketTypes({ eventId, savedSource, savedCurrency, initialTypes }: Props) {
  const intl = useIntl();
  const currency = savedCurrency ? ticketCurrencyOf(savedCurrency) : null;
  let body;
  if (!eventId) body = <p className="muted">{intl.formatMessage(m.saveFirst)}</p>;
  else if (savedSource !== "custom" || !currency) body = <p className="muted">{intl.formatMessage(m.notSellable)}</p>;
  else body = <TypeList eventId={eventId} currency={currency} initialTypes={initialTypes} />;
  return (
    <section className="admin-events-block admin-ticket-types" aria-labelledby="admin-ticket-types-title">
      <h3 id="admin-ticket-types-title" className="admin-ticket-types-title">
        {intl.formatMessage(m.title)}
      </h3>
      <p className="field-hint">{intl.formatMessage(m.intro)}</p>
      {body}
    </section>
  );
}

type Editing = { type: AdminTicketType | null } | null;

function TypeList({ eventId, currency, initialTypes }: { eventId: string; currency: "usd" | "brl"; initialTypes?: AdminTicketType[] }) {
  const intl = useIntl();
  const types = useQuery({ ...ticketTypesQueryOptions(eventId), ...(Array.isArray(initialTypes) ? { initialData: { ticketTypes: initialTypes } } : {}) });
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AdminTicketType | null>(null);
  const code = currency.toUpperCase();
  const money = (cents: number) => formatMoney(cents / 100, code, intl.locale);
  return (
    <>
      <QueryState query={types} placeholder={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(em.retry)}>
        {({ ticketTypes }) =>
          ticketTypes.length === 0 ? (
            <p className="muted admin-ticket-types-empty">{intl.formatMessage(m.empty)}</p>
          ) : (
            <div className="table-wrap">
              <table className="table admin-ticket-types-table">
                <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{intl.formatMessage(m.colName)}</th>
                    <th scope="col">{intl.formatMessage(m.colPrice)}</th>
                    <th scope="col">{intl.formatMessage(m.colQuantity)}</th>
                    <th scope="col">{intl.formatMessage(m.colSold)}</th>
                    <th scope="col">{intl.formatMessage(m.colLeft)}</th>
                    <th scope="col">{intl.formatMessage(m.colLimit)}</th>
                    <th scope="col">{intl.formatMessage(m.colActions)}</th>
                  </tr>
                </thead>
                <tbody>
                  {ticketTypes.map((type) => (
                    <tr key={type.id}>
                      <th scope="row">
                        {type.name}
                        {type.namePtBr && <span className="muted admin-ticket-types-pt"> · {type.namePtBr}</span>}
                        {type.vipOnly && <span className="badge admin-ticket-types-vip">{intl.formatMessage(m.vipOnly)}</span>}
                      </th>
                      <td>{money(type.priceCents)}</td>
                      <td>{intl.formatNumber(type.quantity)}</td>
                      <td>{intl.formatMessage(m.soldHeld, { sold: type.sold, held: type.held })}</td>
                      <td>{intl.formatNumber(type.remaining)}</td>
                      <td>{type.perOrderLimit}</td>
                      <td className="admin-events-actions">
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-label={intl.formatMessage(m.editNamed, { name: type.name })}
                          onClick={() => setEditing({ type })}
                        >
                          {intl.formatMessage(em.edit)}
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-label={intl.formatMessage(m.removeNamed, { name: type.name })}
                          onClick={() => setRemoving(type)}
                        >
                          {intl.formatMessage(em.delete)}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      <div className="admin-events-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing({ type: null })}>
          {intl.formatMessage(m.add)}
        </button>
      </div>
      {editing && (
        <TicketTypeDialog
          eventId={eventId}
          currency={code}
          type={editing.type}
          nextPosition={types.data?.ticketTypes.length ?? 0}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && <RemoveType eventId={eventId} type={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

function RemoveType({ eventId, type, onClose }: { eventId: string; type: AdminTicketType; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const refresh = useEventsRefresh();
  const remove = useMutation({
    mutationFn: () => ticketTypeWrites.remove(eventId, type.id),
    onSettled: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ticketTypesQueryOptions(eventId).queryKey });
    },
  });
  const known = serverErrorText(remove.error, TICKET_TYPE_ERROR_TEXTS);
  return (
    <ConfirmDialog
      title={intl.formatMessage(m.removeTitle)}
      cancelLabel={intl.formatMessage(em.cancel)}
      confirmLabel={intl.formatMessage(em.delete)}
      busyLabel={intl.formatMessage(em.deleting)}
      busy={remove.isPending}
      error={remove.isError && (known ? <FormattedMessage {...known.message} values={known.values} /> : intl.formatMessage(m.removeFailed))}
      onConfirm={() => remove.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>{intl.formatMessage(m.removeQuestion)}</p>
      <p className="admin-events-confirm-name">{type.name}</p>
    </ConfirmDialog>
  );
}
