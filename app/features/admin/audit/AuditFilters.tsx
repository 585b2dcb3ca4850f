// The audit log's two filters: by action and by admin. Choosing one reloads from the newest entry.
import { useId } from "react";
import { useIntl } from "react-intl";
import type { AuditFilters as Filters } from "../queries";
import { auditMessages as m } from "./messages";
import { actionName } from "./actions";

export type AdminOption = { id: string; email: string };

export function AuditFilters({
  filters,
  actions,
  admins,
  onChange,
}: {
  filters: Filters;
  actions: string[];
  admins: AdminOption[];
  onChange: (filters: Filters) => void;
}) {
  const intl = useIntl();
  const actionId = useId();
  const adminId = useId();
  return (
    <form className="admin-filters" aria-label={intl.formatMessage(m.filters)} onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor={actionId}>{intl.formatMessage(m.action)}</label>
        <select id={actionId} value={filters.action ?? ""} onChange={(event) => onChange({ ...filters, action: event.target.value || undefined })}>
          <option value="">{intl.formatMessage(m.allActions)}</option>
          {actions
            .map((action) => ({ action, name: actionName(intl.locale, action) }))
            .sort((a, b) => a.name.localeCompare(b.name, intl.locale))
            .map(({ action, name }) => (
              <option key={action} value={action}>
                {name}
              </option>
            ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={adminId}>{intl.formatMessage(m.admin)}</label>
        <select id={adminId} value={filters.actorId ?? ""} onChange={(event) => onChange({ ...filters, actorId: event.target.value || undefined })}>
          <option value="">{intl.formatMessage(m.allAdmins)}</option>
          {admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.email}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
