// Recent Subscribers: Name ('N/A' when the contact has none), Email, Status (each contact state by
// name, decision 045), Joined, newest first, a page at a time.
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import type { MarketingContactView } from "#contracts/admin/marketing.ts";
import { commonMessages } from "../messages";
import { marketingMessages as m } from "./messages";
import { contactsQueryOptions } from "./queries";

const nameOf = (c: MarketingContactView) => [c.firstName, c.lastName].filter(Boolean).join(" ");

const STATUS_TEXTS = {
  pending: m.statusPending,
  subscribed: m.subscribed,
  unsubscribed: m.statusUnsubscribed,
  bounced: m.statusBounced,
  complained: m.statusComplained,
} satisfies Record<MarketingContactView["status"], unknown>;

export function SubscribersTable() {
  const intl = useIntl();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const contacts = useQuery(contactsQueryOptions(page));
  const pages = contacts.data ? Math.max(1, Math.ceil(contacts.data.total / contacts.data.pageSize)) : 1;

  return (
    <section aria-labelledby={headingId} aria-busy={contacts.isFetching}>
      <h2 id={headingId} className="admin-section-title">
        {intl.formatMessage(m.recent)}
      </h2>
      <QueryState
        query={contacts}
        loading={intl.formatMessage(m.loadingSubscribers)}
        failed={intl.formatMessage(m.subscribersFailed)}
        retry={intl.formatMessage(commonMessages.retry)}
      >
        {({ contacts: rows }) =>
          rows.length === 0 ? (
            <EmptyState icon="mail" title={intl.formatMessage(m.noContacts)} hint={intl.formatMessage(m.noContactsHint)} />
          ) : (
            <>
              <div className="table-wrap">
                <table className="table">
                  <caption className="sr-only">{intl.formatMessage(m.recent)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{intl.formatMessage(m.colName)}</th>
                      <th scope="col">{intl.formatMessage(m.colEmail)}</th>
                      <th scope="col">{intl.formatMessage(m.colStatus)}</th>
                      <th scope="col">{intl.formatMessage(m.colJoined)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((contact) => (
                      <tr key={contact.id}>
                        <td>{nameOf(contact) || intl.formatMessage(m.noName)}</td>
                        <td className="marketing-email">{contact.email}</td>
                        <td>
                          <span className={contact.status === "subscribed" ? "badge marketing-subscribed" : "badge"}>
                            {intl.formatMessage(STATUS_TEXTS[contact.status])}
                          </span>
                        </td>
                        <td>
                          <time dateTime={contact.createdAt}>{intl.formatDate(contact.createdAt, { dateStyle: "medium" })}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {pages > 1 && (
                <nav className="marketing-pager" aria-label={intl.formatMessage(m.pageOf, { page, pages })}>
                  <button type="button" className="btn btn-ghost btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {intl.formatMessage(m.previous)}
                  </button>
                  <span className="muted">{intl.formatMessage(m.pageOf, { page, pages })}</span>
                  <button type="button" className="btn btn-ghost btn-sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    {intl.formatMessage(m.next)}
                  </button>
                </nav>
              )}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
