// The perks table: each perk with its picture and title, audience, window (in the admin's time
// zone), state, code (shared, or "{left} of {total} codes left"), reveals, and its actions.
import { useIntl, type MessageDescriptor } from "react-intl";
import type { AdminPerk } from "#contracts/perks.ts";
import { perksAdminMessages as m } from "./messages";

export type PerkAction = "edit" | "picture" | "import" | "clear" | "reveals" | "delete";

const STATE = { scheduled: m.stateScheduled, live: m.stateLive, ended: m.stateEnded } as const;
const when: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

export function PerkTable({ perks, onAction }: { perks: AdminPerk[]; onAction: (action: PerkAction, perk: AdminPerk) => void }) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table admin-perks-table">
        <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colPerk)}</th>
            <th scope="col">{intl.formatMessage(m.colAudience)}</th>
            <th scope="col">{intl.formatMessage(m.colWindow)}</th>
            <th scope="col">{intl.formatMessage(m.colState)}</th>
            <th scope="col">{intl.formatMessage(m.colCode)}</th>
            <th scope="col">{intl.formatMessage(m.colReveals)}</th>
            <th scope="col">{intl.formatMessage(m.colActions)}</th>
          </tr>
        </thead>
        <tbody>
          {perks.map((perk) => (
            <PerkRow key={perk.id} perk={perk} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PerkRow({ perk, onAction }: { perk: AdminPerk; onAction: (action: PerkAction, perk: AdminPerk) => void }) {
  const intl = useIntl();
  const title = perk.title;
  const action = (kind: PerkAction, label: MessageDescriptor, named: MessageDescriptor, danger = false) => (
    <button
      type="button"
      className={danger ? "btn btn-danger btn-sm" : "btn btn-ghost btn-sm"}
      aria-label={intl.formatMessage(named, { title })}
      onClick={() => onAction(kind, perk)}
    >
      {intl.formatMessage(label)}
    </button>
  );
  return (
    <tr>
      <th scope="row">
        <span className="admin-perks-title">
          {perk.pictureUrl ? <img src={perk.pictureUrl} alt="" width={40} height={40} /> : <span className="admin-perks-noimage" aria-hidden="true" />}
          {title}
        </span>
      </th>
      <td>{intl.formatMessage(perk.audience === "vip" ? m.audienceVip : m.audienceMembers)}</td>
      <td>
        {intl.formatMessage(m.window, {
          start: intl.formatDate(perk.startsAt, when),
          end: intl.formatDate(perk.endsAt, when),
        })}
      </td>
      <td>
        <span className="badge admin-perks-state" data-state={perk.state}>
          {intl.formatMessage(STATE[perk.state])}
        </span>
      </td>
      <td>
        {perk.codeMode === "unique"
          ? intl.formatMessage(m.codesLeft, { left: intl.formatNumber(perk.codes.left), total: intl.formatNumber(perk.codes.total) })
          : perk.codeMode === "shared"
            ? intl.formatMessage(m.codesShared, { code: perk.sharedCode ?? "" })
            : intl.formatMessage(m.modeNone)}
      </td>
      <td>{intl.formatNumber(perk.reveals)}</td>
      <td>
        <div className="admin-perks-actions">
          {action("edit", m.edit, m.editNamed)}
          {action("picture", m.picture, m.pictureNamed)}
          {perk.codeMode === "unique" && action("import", m.importCodes, m.importCodesNamed)}
          {perk.codeMode === "unique" && perk.codes.left > 0 && action("clear", m.clearCodes, m.clearCodesNamed)}
          {action("reveals", m.revealsButton, m.revealsButtonNamed)}
          {action("delete", m.delete, m.deleteNamed, true)}
        </div>
      </td>
    </tr>
  );
}
