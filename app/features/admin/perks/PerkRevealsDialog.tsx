// Who revealed a perk and when (with the unique code each holds): the latest reveals, and how
// many there are in all when the list is capped.
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { Modal } from "../../../components/Modal";
import type { AdminPerk, PerkRevealsResponse } from "#contracts/perks.ts";
import { perksAdminMessages as m } from "./messages";
import { perkRevealsQueryOptions } from "./queries";

const when: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

export function PerkRevealsDialog({ perk, onClose }: { perk: AdminPerk; onClose: () => void }) {
  const intl = useIntl();
  const query = useQuery(perkRevealsQueryOptions(perk.id));
  const footer = (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        {intl.formatMessage(m.close)}
      </button>
    </div>
  );
  return (
    <Modal title={intl.formatMessage(m.revealsTitle, { title: perk.title })} onClose={onClose} footer={footer} className="admin-dialog">
      <QueryState query={query} loading={intl.formatMessage(m.revealsLoading)} failed={intl.formatMessage(m.revealsFailed)} retry={intl.formatMessage(m.retry)}>
        {(data) => <Reveals perk={perk} data={data} />}
      </QueryState>
    </Modal>
  );
}

function Reveals({ perk, data: { reveals, total } }: { perk: AdminPerk; data: PerkRevealsResponse }) {
  const intl = useIntl();
  if (reveals.length === 0) return <p className="muted">{intl.formatMessage(m.revealsEmpty)}</p>;
  return (
    <>
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">{intl.formatMessage(m.revealsCaption)}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.revealsMember)}</th>
              <th scope="col">{intl.formatMessage(m.revealsEmail)}</th>
              {perk.codeMode === "unique" && <th scope="col">{intl.formatMessage(m.revealsCode)}</th>}
              <th scope="col">{intl.formatMessage(m.revealsWhen)}</th>
            </tr>
          </thead>
          <tbody>
            {reveals.map((r) => (
              <tr key={r.userId}>
                <th scope="row">{r.username}</th>
                <td>{r.email}</td>
                {perk.codeMode === "unique" && <td>{r.code ? <code>{r.code}</code> : null}</td>}
                <td>
                  <time dateTime={r.revealedAt}>{intl.formatDate(r.revealedAt, when)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > reveals.length && <p className="muted">{intl.formatMessage(m.revealsShown, { shown: reveals.length, total })}</p>}
    </>
  );
}
