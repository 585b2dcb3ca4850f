// /admin/users: search (e-mail, username), role, tier, membership and months-supported filters, one server-side page of members at a
// time, the admin / comp VIP / ban switches (taking access away asks first) and Invite User. A ban
// takes a reason and an end (BanDialog); a ban in force can be edited, and lifted with one click.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { Loading } from "../../../components/Loading";
import { QueryFailed, QueryState } from "../../../components/QueryState";
import type { AdminUser, MembershipFilter, RoleFilter } from "#contracts/admin/users.ts";
import { useSessionUser } from "../../../lib/session/useSession";
import { commonMessages } from "../messages";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { switchErrorMessage } from "./errors";
import { InviteDialog } from "./InviteDialog";
import { BanDialog } from "./BanDialog";
import { usersMessages as m } from "./messages";
import { ROLE_OPTIONS, usersQueryOptions, useUserSwitch, type SwitchChange, type UserSwitch } from "./queries";
import { UsersTable } from "./UsersTable";
import { TierFilters } from "./TierFilters";
import { tierChoicesQueryOptions } from "../../../lib/tiers/tierGate";
import "../admin.css";
import "./users.css";

/** Typing settles this long before the list is asked for. */
export const SEARCH_DEBOUNCE_MS = 300;

const ROLE_LABELS: Record<RoleFilter, MessageDescriptor> = {
  all: m.roleAll,
  admins: m.roleAdmins,
  vip: m.roleVip,
  regular: m.roleRegular,
  door_staff: m.roleDoorStaff,
};

/** What a finished change says, by switch and new state. */
const DONE: Record<UserSwitch, [off: MessageDescriptor, on: MessageDescriptor]> = {
  admin: [m.doneAdminOff, m.doneAdminOn],
  comp: [m.doneCompOff, m.doneCompOn],
  banned: [m.doneUnbanned, m.doneBanned],
  doorStaff: [m.doneDoorStaffOff, m.doneDoorStaffOn],
};

type Pending = SwitchChange & { email: string };
type Notice = { kind: "success" | "error"; text: string };

export function UsersPage() {
  const intl = useIntl();
  const searchId = useId();
  const roleId = useId();
  const { user: me } = useSessionUser();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [role, setRole] = useState<RoleFilter>("all");
  const [tier, setTier] = useState("all");
  const [membership, setMembership] = useState<MembershipFilter>("all");
  const [minMonths, setMinMonths] = useState(0);
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [inviting, setInviting] = useState(false);
  /** The member the ban form is open for (a new ban, or the terms of one in force). */
  const [banning, setBanning] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  const list = useQuery(usersQueryOptions({ search, role, page, tier, membership, minMonths }));
  const change = useUserSwitch();
  const data = list.data;
  // A comp may grant any paid tier still offered; without the list (not loaded, failed) it grants VIP.
  const choices = useQuery(tierChoicesQueryOptions()).data?.tiers;
  const compTiers = (choices ?? []).filter((t) => t.rank >= 1 && !t.archived);

  // A page emptied by a change (the member no longer matches the filter) moves back to the last
  // page there is: adjusted while rendering, so the empty page is never shown.
  if (data && data.page === page && data.total > 0 && page > data.totalPages) setPage(data.totalPages);

  const apply = (pending: Pending) => {
    setNotice(null);
    const { email, ...vars } = pending;
    change.mutate(vars, {
      onSuccess: () => setNotice({ kind: "success", text: intl.formatMessage(DONE[vars.which][vars.on ? 1 : 0], { email }) }),
      onError: (err) => setNotice({ kind: "error", text: intl.formatMessage(switchErrorMessage(err)) }),
      onSettled: () => setConfirming(null),
    });
  };

  const onToggle = (user: AdminUser, which: UserSwitch, on: boolean, tierId?: string) => {
    const pending = { userId: user.id, which, on, email: user.email, ...(tierId ? { tierId } : {}) };
    // Taking access away asks first (a ban with its reason and end); giving it, and lifting a ban, are one click.
    if (which === "banned" && on) setBanning(user);
    else if (which === "admin" && !on) setConfirming(pending);
    else apply(pending);
  };

  const busyId = change.isPending ? (change.variables?.userId ?? null) : null;

  return (
    <div className="admin-page admin-users">
      <div className="admin-toolbar">
        <form className="admin-users-filters" role="search" aria-label={intl.formatMessage(m.filtersLabel)} onSubmit={(event) => event.preventDefault()}>
          <div className="field">
            <label htmlFor={searchId} className="sr-only">
              {intl.formatMessage(m.searchLabel)}
            </label>
            <input
              id={searchId}
              type="search"
              value={typed}
              placeholder={intl.formatMessage(m.searchPlaceholder)}
              maxLength={254}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={roleId} className="sr-only">
              {intl.formatMessage(m.roleLabel)}
            </label>
            <select
              id={roleId}
              value={role}
              onChange={(event) => {
                setRole(event.target.value as RoleFilter);
                setPage(1);
              }}
            >
              {ROLE_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {intl.formatMessage(ROLE_LABELS[option])}
                </option>
              ))}
            </select>
          </div>
          <TierFilters
            tiers={data?.tiers ?? []}
            tier={tier}
            membership={membership}
            minMonths={minMonths}
            onChange={(next) => {
              if (next.tier !== undefined) setTier(next.tier);
              if (next.membership !== undefined) setMembership(next.membership);
              if (next.minMonths !== undefined) setMinMonths(next.minMonths);
              setPage(1);
            }}
          />
        </form>
        <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
          {intl.formatMessage(m.inviteButton)}
        </button>
      </div>

      <div aria-live="polite">{notice?.kind === "success" && <p className="success-banner">{notice.text}</p>}</div>
      {notice?.kind === "error" && (
        <p className="error-banner" role="alert">
          {notice.text}
        </p>
      )}

      <QueryState
        query={list}
        loading={intl.formatMessage(m.loading)}
        failed={intl.formatMessage(m.loadFailed)}
        retry={intl.formatMessage(commonMessages.retry)}
      >
        {(result) =>
          result.users.length === 0 ? (
            // An empty page of a list that has members is moving back a page (above): still loading.
            result.total > 0 ? (
              <Loading label={intl.formatMessage(m.loading)} />
            ) : (
              <EmptyState icon="shield" title={intl.formatMessage(m.emptyTitle)} hint={intl.formatMessage(m.emptyHint)} />
            )
          ) : (
            <div className="admin-users-results" aria-busy={list.isFetching || undefined}>
              {list.isError && (
                <QueryFailed
                  message={intl.formatMessage(m.loadFailed)}
                  retryLabel={intl.formatMessage(commonMessages.retry)}
                  onRetry={() => void list.refetch()}
                  retrying={list.isFetching}
                />
              )}
              <UsersTable users={result.users} compTiers={compTiers} selfId={me?.id ?? null} busyId={busyId} onToggle={onToggle} onEditBan={setBanning} />
              <nav className="admin-users-pages" aria-label={intl.formatMessage(m.pagesLabel)}>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={page <= 1 || list.isFetching}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  {intl.formatMessage(m.previous)}
                </button>
                <span role="status">
                  {intl.formatMessage(m.pageOf, { page: intl.formatNumber(result.page), pages: intl.formatNumber(result.totalPages) })}
                  {" · "}
                  {intl.formatMessage(m.summary, { total: result.total })}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={page >= result.totalPages || list.isFetching}
                  onClick={() => setPage((p) => p + 1)}
                >
                  {intl.formatMessage(m.next)}
                </button>
              </nav>
            </div>
          )
        }
      </QueryState>

      {confirming && (
        <ConfirmDialog
          title={intl.formatMessage(confirming.which === "banned" ? m.banTitle : m.revokeTitle)}
          cancelLabel={intl.formatMessage(m.cancel)}
          confirmLabel={intl.formatMessage(confirming.which === "banned" ? m.banConfirm : m.revokeConfirm)}
          busyLabel={intl.formatMessage(confirming.which === "banned" ? m.banning : m.revoking)}
          busy={change.isPending}
          onConfirm={() => apply(confirming)}
          onClose={() => setConfirming(null)}
        >
          <p>{intl.formatMessage(confirming.which === "banned" ? m.banQuestion : m.revokeQuestion, { email: confirming.email })}</p>
        </ConfirmDialog>
      )}
      {banning && (
        <BanDialog
          user={banning}
          onClose={() => setBanning(null)}
          onDone={(user, edited) => {
            setBanning(null);
            setNotice({ kind: "success", text: intl.formatMessage(edited ? m.doneBanEdited : m.doneBanned, { email: user.email }) });
          }}
        />
      )}
      {inviting && (
        <InviteDialog
          onClose={() => setInviting(false)}
          onSent={(email) => {
            setInviting(false);
            setNotice({ kind: "success", text: intl.formatMessage(m.inviteSent, { email }) });
          }}
        />
      )}
    </div>
  );
}
