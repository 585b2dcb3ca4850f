// The campaigns, newest first: name (a link that opens it), status, when it is scheduled or was
// sent (in the admin's zone), recipients and the figures.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import type { CampaignListItem } from "#contracts/newsletter.ts";
import { formatCount } from "../format";
import { commonMessages } from "../messages";
import { figureColumns, StatusBadge } from "./Figures";
import { campaignMessages as m } from "./messages";
import { campaignsQueryOptions } from "./queries";

/** The time the list shows: when it will go, else when it went (or started going). */
const timeOf = (c: CampaignListItem) => (c.status === "scheduled" ? c.scheduledAt : (c.finishedAt ?? c.startedAt));

export function CampaignList({ timeZone }: { timeZone: string }) {
  const intl = useIntl();
  const headingId = useId();
  const campaigns = useQuery(campaignsQueryOptions());
  const newButton = (
    <Link to="/admin/campaigns" search={{ campaign: "new" }} className="btn btn-primary">
      {intl.formatMessage(m.newCampaign)}
    </Link>
  );

  return (
    <section aria-labelledby={headingId} aria-busy={campaigns.isFetching}>
      <div className="admin-section-head">
        <h2 id={headingId} className="admin-section-title">
          {intl.formatMessage(m.listTitle)}
        </h2>
        {newButton}
      </div>
      <QueryState
        query={campaigns}
        loading={intl.formatMessage(m.loading)}
        failed={intl.formatMessage(m.loadFailed)}
        retry={intl.formatMessage(commonMessages.retry)}
      >
        {({ campaigns: list }) =>
          list.length === 0 ? (
            <EmptyState icon="mail" title={intl.formatMessage(m.empty)} hint={intl.formatMessage(m.emptyHint)} />
          ) : (
            <CampaignTable campaigns={list} timeZone={timeZone} />
          )
        }
      </QueryState>
    </section>
  );
}

function CampaignTable({ campaigns, timeZone }: { campaigns: CampaignListItem[]; timeZone: string }) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table campaign-table">
        <caption className="sr-only">{intl.formatMessage(m.listTitle)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colName)}</th>
            <th scope="col">{intl.formatMessage(m.colStatus)}</th>
            <th scope="col">{intl.formatMessage(m.colWhen)}</th>
            <th scope="col" className="admin-num">
              {intl.formatMessage(m.colRecipients)}
            </th>
            {figureColumns(intl, campaigns[0]!.stats).map((f) => (
              <th key={f.label} scope="col" className="admin-num">
                {f.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => {
            const at = timeOf(c);
            return (
              <tr key={c.id}>
                <th scope="row">
                  <Link to="/admin/campaigns" search={{ campaign: c.id }}>
                    {c.name}
                  </Link>
                </th>
                <td>
                  <StatusBadge intl={intl} status={c.status} />
                </td>
                <td>
                  {at ? (
                    <time dateTime={at}>{intl.formatDate(at, { dateStyle: "medium", timeStyle: "short", timeZone })}</time>
                  ) : (
                    <span className="muted">{intl.formatMessage(m.noTime)}</span>
                  )}
                </td>
                <td className="admin-num">{formatCount(intl, c.recipientsTotal)}</td>
                {figureColumns(intl, c.stats).map((f) => (
                  <td key={f.label} className="admin-num">
                    {formatCount(intl, f.value)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
