// The members of one page: e-mail, joined, last login ('Never'), status, role badges (which VIP:
// Paid, Comp or both) and the three switches. Switches are buttons with role="switch", each named
// with the member's address ("Banned: fan@example.com, switch, off").
import { TierBadge } from "../../../components/TierBadge";
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import type { AdminUser, VipSource } from "#contracts/admin/users.ts";
import type { GateTierChoice } from "#contracts/tiers/gate.ts";
import { tierNameIn } from "../../../lib/tiers/tierGate";
import { formatMoment } from "../format";
import { banReasonShown, usersMessages as m } from "./messages";
import type { UserSwitch } from "./queries";

export const hasComp = (source: VipSource) => source === "comp" || source === "both";

const SOURCE_LABEL = { paid: m.sourcePaid, comp: m.sourceComp, both: m.sourceBoth } as const;

type Props = {
  users: AdminUser[];
  /** The paid, non-archived tiers a comp may grant, lowest rank first (VIP first). */
  compTiers: GateTierChoice[];
  /** The signed-in admin's id: their own admin and ban switches are off limits. */
  selfId: string | null;
  /** The member whose change is being saved, if any. */
  busyId: string | null;
  /** `tierId`: the tier a comp grant gives. */
  onToggle: (user: AdminUser, which: UserSwitch, on: boolean, tierId?: string) => void;
  /** Opens the ban form on a ban in force (its reason and end). */
  onEditBan: (user: AdminUser) => void;
};

export function UsersTable({ users, compTiers, selfId, busyId, onToggle, onEditBan }: Props) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table admin-users-table">
        <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colEmail)}</th>
            <th scope="col">{intl.formatMessage(m.colJoined)}</th>
            <th scope="col">{intl.formatMessage(m.colLastLogin)}</th>
            <th scope="col">{intl.formatMessage(m.colStatus)}</th>
            <th scope="col">{intl.formatMessage(m.colRoles)}</th>
            <th scope="col">{intl.formatMessage(m.colActions)}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              compTiers={compTiers}
              self={user.id === selfId}
              busy={user.id === busyId}
              onToggle={onToggle}
              onEditBan={onEditBan}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type RowProps = {
  user: AdminUser;
  compTiers: GateTierChoice[];
  self: boolean;
  busy: boolean;
  onToggle: Props["onToggle"];
  onEditBan: Props["onEditBan"];
};

function UserRow({ user, compTiers, self, busy, onToggle, onEditBan }: RowProps) {
  const intl = useIntl();
  const compTierId = useId();
  const [compTier, setCompTier] = useState("vip");
  const banned = user.status === "banned";
  const comped = hasComp(user.vipSource);
  return (
    <tr aria-busy={busy || undefined} className={banned ? "admin-users-banned" : undefined}>
      <th scope="row" className="admin-users-who">
        <span className="admin-users-email">{user.email}</span>
        <span className="muted admin-users-name">
          {user.username}
          {self && <span className="badge admin-users-you">{intl.formatMessage(m.you)}</span>}
        </span>
      </th>
      <td>
        <time dateTime={user.joinedAt}>{intl.formatDate(user.joinedAt, { dateStyle: "medium" })}</time>
      </td>
      <td>{user.lastSignInAt ? <time dateTime={user.lastSignInAt}>{formatMoment(intl, user.lastSignInAt)}</time> : intl.formatMessage(m.never)}</td>
      <td>
        <span className={banned ? "badge admin-users-status-banned" : "badge admin-users-status-active"}>
          {intl.formatMessage(banned ? m.statusBanned : m.statusActive)}
        </span>
        {user.ban && (
          <span className="admin-users-ban">
            <span className="muted">
              {user.ban.until ? (
                <time dateTime={user.ban.until}>{intl.formatMessage(m.banUntilText, { until: formatMoment(intl, user.ban.until) })}</time>
              ) : (
                intl.formatMessage(m.banPermanentText)
              )}
            </span>
            {user.ban.reason && (
              <span className="admin-users-ban-reason">{intl.formatMessage(m.banReasonText, { reason: banReasonShown(intl, user.ban.reason) })}</span>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={intl.formatMessage(m.banEditNamed, { email: user.email })}
              disabled={busy}
              onClick={() => onEditBan(user)}
            >
              {intl.formatMessage(m.banEditButton)}
            </button>
          </span>
        )}
      </td>
      <td>
        <span className="admin-users-roles">
          {user.isAdmin && <span className="badge badge-admin">{intl.formatMessage(m.badgeAdmin)}</span>}
          <TierBadge holder={user} vipLabel={intl.formatMessage(m.badgeVip)} />
          {user.vipSource !== "none" && <span className="admin-users-source">{intl.formatMessage(SOURCE_LABEL[user.vipSource])}</span>}
          {user.isDoorStaff && <span className="badge badge-door-staff">{intl.formatMessage(m.badgeDoorStaff)}</span>}
          {!user.isAdmin && !user.isVIP && !user.isDoorStaff && <span className="muted">{intl.formatMessage(m.noRoles)}</span>}
          {Boolean(user.monthsSupported) && (
            <span className="admin-users-source">{intl.formatMessage(m.monthsSupported, { months: user.monthsSupported ?? 0 })}</span>
          )}
        </span>
      </td>
      <td>
        <div className="admin-users-switches">
          <SwitchButton
            label={intl.formatMessage(m.switchAdmin)}
            name={intl.formatMessage(m.switchAdminNamed, { email: user.email })}
            checked={user.isAdmin}
            disabled={busy || (self && user.isAdmin)}
            hint={self && user.isAdmin ? intl.formatMessage(m.ownAdminHint) : undefined}
            onChange={(on) => onToggle(user, "admin", on)}
          />
          <SwitchButton
            label={intl.formatMessage(m.switchComp)}
            name={intl.formatMessage(m.switchCompNamed, { email: user.email })}
            checked={comped}
            disabled={busy}
            onChange={(on) => onToggle(user, "comp", on, on ? compTier : undefined)}
          />
          {/* Which tier a grant gives: offered only while there is a choice beyond VIP. */}
          {!comped && compTiers.length > 1 && (
            <span>
              <label htmlFor={compTierId} className="sr-only">
                {intl.formatMessage(m.compTierNamed, { email: user.email })}
              </label>
              <select id={compTierId} value={compTier} disabled={busy} onChange={(event) => setCompTier(event.target.value)}>
                {compTiers.map((tier) => (
                  <option key={tier.id} value={tier.id}>
                    {tierNameIn(intl, tier)}
                  </option>
                ))}
              </select>
            </span>
          )}
          <SwitchButton
            label={intl.formatMessage(m.switchDoorStaff)}
            name={intl.formatMessage(m.switchDoorStaffNamed, { email: user.email })}
            checked={user.isDoorStaff}
            disabled={busy}
            onChange={(on) => onToggle(user, "doorStaff", on)}
          />
          <SwitchButton
            label={intl.formatMessage(m.switchBanned)}
            name={intl.formatMessage(m.switchBannedNamed, { email: user.email })}
            checked={banned}
            disabled={busy || (self && !banned)}
            hint={self && !banned ? intl.formatMessage(m.ownBanHint) : undefined}
            danger
            onChange={(on) => onToggle(user, "banned", on)}
          />
        </div>
      </td>
    </tr>
  );
}

type SwitchProps = { label: string; name: string; checked: boolean; disabled: boolean; hint?: string; danger?: boolean; onChange: (on: boolean) => void };

/** A compact labelled switch: the visible label beside the track, the full name for assistive tech. */
function SwitchButton({ label, name, checked, disabled, hint, danger, onChange }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={name}
      title={hint}
      className={danger ? "admin-users-switch admin-users-switch-danger" : "admin-users-switch"}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="admin-users-track" aria-hidden="true">
        <span className="admin-users-thumb" />
      </span>
      <span aria-hidden="true">{label}</span>
    </button>
  );
}
