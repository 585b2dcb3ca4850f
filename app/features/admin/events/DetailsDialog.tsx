// The read-only 'View' dialog of an event or a venue: its fields as a list of labels and values
// (a missing value says 'Not set'), anything the caller adds below, and Close.
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { Modal } from "../../../components/Modal";
import { eventsMessages as m } from "./messages";

/** A field's label and value; null or "" is shown as not set. */
export type DetailRow = [label: string, value: ReactNode];

export function DetailsDialog({ title, rows, onClose, children }: { title: string; rows: DetailRow[]; onClose: () => void; children?: ReactNode }) {
  const intl = useIntl();
  const footer = (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        {intl.formatMessage(m.close)}
      </button>
    </div>
  );
  return (
    <Modal title={title} onClose={onClose} footer={footer} className="admin-events-dialog">
      <dl className="admin-events-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === null || value === "" ? <span className="muted">{intl.formatMessage(m.notSet)}</span> : value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Modal>
  );
}
