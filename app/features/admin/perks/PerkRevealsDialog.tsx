// Who revealed a perk and when (with the unique code each holds): the latest reveals, and how
// many there are in all when the list is capped.
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { Loading } from "../../../components/Loading";
import { Modal } from "../../../components/Modal";
import type { AdminPerk } from "../../../../worker/contracts/perks";
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
      {query.isPending ? (
        <Loading label={intl.formatMessage(m.revealsLoading)} />
      ) : query.isError ? (
        <div className="error-banner" role="alert">
          {intl.formatMessage(m.revealsFailed)}{" "}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void query.refetch()}>
            {intl.formatMessage(m.retry)}
          </button>
        </div>
      ) : query.data.reveals.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.revealsEmpty)}</p>
      ) : (
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
                {query.data.reveals.map((r) => (
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
          {query.data.total > query.data.reveals.length && (
            <p className="muted">{intl.formatMessage(m.revealsShown, { shown: query.data.reveals.length, total: query.data.total })}</p>
          )}
        </>
      )}
    </Modal>
  );
}
