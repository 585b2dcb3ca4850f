// /admin/contests: New contest, a status line saying what was just done, and the contests' table
// (or its loading, failed and empty states). Edit opens the same form as New contest.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { PageFrame } from "../../../components/PageFrame";
import { QueryState } from "../../../components/QueryState";
import type { AdminContest } from "#contracts/contests/contests.ts";
import { ActionOutcome } from "../components/ActionOutcome";
import { ContestFormDialog } from "./ContestFormDialog";
import { ContestTable } from "./ContestTable";
import { contestsAdminMessages as m } from "./messages";
import { adminContestsQueryOptions } from "./queries";
import { RemixSharesPanel } from "./RemixSharesPanel";
import "./contests-admin.css";

type Dialog = { kind: "create" } | { kind: "edit"; contest: AdminContest } | null;

export function ContestsAdminPage() {
  const intl = useIntl();
  const query = useQuery(adminContestsQueryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState("");
  const open = (next: Dialog) => {
    setDone("");
    setDialog(next);
  };
  const finish = (message: string) => {
    setDone(message);
    setDialog(null);
  };

  return (
    <PageFrame title={intl.formatMessage(m.pageTitle)} intro={intl.formatMessage(m.pageIntro)}>
      <div className="admin-contests-toolbar">
        <button type="button" className="btn btn-primary" onClick={() => open({ kind: "create" })}>
          {intl.formatMessage(m.add)}
        </button>
      </div>
      <ActionOutcome done={done} />
      <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
        {({ contests }) =>
          contests.length === 0 ? (
            <EmptyState icon="music" title={intl.formatMessage(m.empty)} hint={intl.formatMessage(m.emptyHint)} />
          ) : (
            <ContestTable contests={contests} onEdit={(contest) => open({ kind: "edit", contest })} />
          )
        }
      </QueryState>
      <RemixSharesPanel />
      {dialog?.kind === "create" && <ContestFormDialog onClose={() => setDialog(null)} onSaved={() => finish(intl.formatMessage(m.created))} />}
      {dialog?.kind === "edit" && (
        <ContestFormDialog contest={dialog.contest} onClose={() => setDialog(null)} onSaved={() => finish(intl.formatMessage(m.saved))} />
      )}
    </PageFrame>
  );
}
