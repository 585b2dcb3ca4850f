// The Report control on another member's entry in the contest's list (decision 196). The dialog's
// code is fetched on the first open only; once the Worker took the report (or already had one
// from this member) the control stays disabled and says so.
import { lazy, Suspense, useState } from "react";
import { useIntl } from "react-intl";
import { contestMessages as m } from "./messages";

const ReportEntryDialog = lazy(() => import("./report/ReportEntryDialog"));

export function EntryReport({ contestId, entry }: { contestId: string; entry: { id: string; title: string } }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        disabled={reported}
        aria-haspopup="dialog"
        aria-label={intl.formatMessage(reported ? m.reportedEntry : m.reportEntry, { title: entry.title })}
        onClick={() => setOpen(true)}
      >
        {intl.formatMessage(reported ? m.reported : m.report)}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportEntryDialog contestId={contestId} entry={entry} onClose={() => setOpen(false)} onReported={() => setReported(true)} />
        </Suspense>
      )}
    </>
  );
}
