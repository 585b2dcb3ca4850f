// /admin/tiers: Add tier, a status line saying what was just done, and the ladder's table (or its
// loading and failed states; a hint while no tier above VIP exists). Edit opens the form; archive
// and bring back ask first; move up and down write at once.
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import type { AdminTier, AdminTierResponse, AdminTiersResponse } from "#contracts/tiers/admin.ts";
import { failureText } from "./errors";
import { TierFormDialog } from "./TierFormDialog";
import { TierTable, type TierAction } from "./TierTable";
import { tiersAdminMessages as m } from "./messages";
import { adminTiersQueryOptions, tiersApi, useTierWrite, useTiersRefresh } from "./queries";
import "./tiers-admin.css";
import { ActionOutcome } from "../components/ActionOutcome";

type Dialog = { kind: "create" } | { kind: "edit" | "archive"; tier: AdminTier } | null;

export function TiersAdminPage() {
  const intl = useIntl();
  const query = useQuery(adminTiersQueryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState("");
  const [failed, setFailed] = useState("");
  const move = useTierWrite(({ tier, direction }: { tier: AdminTier; direction: "up" | "down" }) => tiersApi.move<AdminTiersResponse>(tier.id, direction));
  const open = (next: Dialog) => {
    setDone("");
    setFailed("");
    setDialog(next);
  };
  const finish = (message: string) => {
    setDone(message);
    setDialog(null);
  };
  const onAction = (kind: TierAction, tier: AdminTier) => {
    if (kind === "edit" || kind === "archive") return open({ kind, tier });
    setDone("");
    setFailed("");
    move.mutate(
      { tier, direction: kind },
      {
        onSuccess: () => setDone(intl.formatMessage(m.moved, { name: tier.name.en })),
        onError: (err) => setFailed(intl.formatMessage(failureText(err))),
      },
    );
  };

  return (
    <div className="admin-tiers">
      <div className="admin-tiers-toolbar">
        <button type="button" className="btn btn-primary" onClick={() => open({ kind: "create" })}>
          {intl.formatMessage(m.add)}
        </button>
      </div>
      <ActionOutcome done={done} failed={failed} />
      <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
        {({ tiers }) => (
          <>
            {tiers.every((tier) => tier.builtIn) && <EmptyState icon="crown" title={intl.formatMessage(m.empty)} hint={intl.formatMessage(m.emptyHint)} />}
            <TierTable tiers={tiers} busy={move.isPending} onAction={onAction} />
          </>
        )}
      </QueryState>
      {dialog?.kind === "create" && <TierFormDialog onClose={() => setDialog(null)} onSaved={() => finish(intl.formatMessage(m.created))} />}
      {dialog?.kind === "edit" && <TierFormDialog tier={dialog.tier} onClose={() => setDialog(null)} onSaved={() => finish(intl.formatMessage(m.saved))} />}
      {dialog?.kind === "archive" && (
        <ArchiveDialog
          tier={dialog.tier}
          onClose={() => setDialog(null)}
          onDone={() => finish(intl.formatMessage(dialog.tier.archived ? m.unarchived : m.archived))}
        />
      )}
    </div>
  );
}

/** Archive (or bring back) after a question saying what it means for the tier's members. */
function ArchiveDialog({ tier, onClose, onDone }: { tier: AdminTier; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const refresh = useTiersRefresh();
  const archiving = !tier.archived;
  const mutation = useMutation({ mutationFn: () => tiersApi.archive<AdminTierResponse>(tier.id, archiving), onSettled: refresh });
  const name = tier.name.en;
  return (
    <ConfirmDialog
      title={intl.formatMessage(archiving ? m.archiveTitle : m.unarchiveTitle)}
      cancelLabel={intl.formatMessage(m.cancel)}
      confirmLabel={intl.formatMessage(archiving ? m.archive : m.unarchive)}
      busyLabel={intl.formatMessage(archiving ? m.archiving : m.unarchiving)}
      busy={mutation.isPending}
      error={mutation.isError ? intl.formatMessage(failureText(mutation.error)) : undefined}
      onConfirm={() => mutation.mutate(undefined, { onSuccess: onDone })}
      onClose={onClose}
      className="admin-dialog"
    >
      <p>{archiving ? intl.formatMessage(m.archiveQuestion, { name, count: tier.memberCount }) : intl.formatMessage(m.unarchiveQuestion, { name })}</p>
    </ConfirmDialog>
  );
}
