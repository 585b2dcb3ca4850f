// /admin/perks: Add perk, a status line saying what was just done, and the perks table (or its
// loading, failed and empty states). Each row opens a dialog: edit, picture, import codes (the
// shared code import), remove unused codes, who revealed it, delete.
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useIntl, type MessageDescriptor } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import type { AdminPerk, PerkCodesClearedResponse } from "#contracts/perks.ts";
import { CodeImportDialog } from "../components/code-import/CodeImportDialog";
import { ImageUploadDialog } from "../components/form/MediaModal";
import { failureText } from "./errors";
import { PerkFormDialog } from "./PerkFormDialog";
import { PerkRevealsDialog } from "./PerkRevealsDialog";
import { PerkTable, type PerkAction } from "./PerkTable";
import { perksAdminMessages as m } from "./messages";
import { adminPerksQueryOptions, perksApi, usePerksRefresh } from "./queries";
import "./perks-admin.css";
import { ActionOutcome } from "../components/ActionOutcome";

type Dialog = { kind: "create" } | { kind: PerkAction; perk: AdminPerk } | null;

export function PerksAdminPage() {
  const intl = useIntl();
  const query = useQuery(adminPerksQueryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState("");
  const close = () => setDialog(null);
  const open = (next: Dialog) => {
    setDone("");
    setDialog(next);
  };

  return (
    <div className="admin-perks">
      <div className="admin-perks-toolbar">
        <button type="button" className="btn btn-primary" onClick={() => open({ kind: "create" })}>
          {intl.formatMessage(m.add)}
        </button>
      </div>
      <ActionOutcome done={done} />
      <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
        {({ perks }) =>
          perks.length === 0 ? (
            <EmptyState icon="gift" title={intl.formatMessage(m.empty)} hint={intl.formatMessage(m.emptyHint)} />
          ) : (
            <PerkTable perks={perks} onAction={(kind, perk) => open({ kind, perk })} />
          )
        }
      </QueryState>
      {dialog && <PerkDialog dialog={dialog} onClose={close} onDone={(message) => (setDone(message), close())} />}
    </div>
  );
}

function PerkDialog({ dialog, onClose, onDone }: { dialog: NonNullable<Dialog>; onClose: () => void; onDone: (message: string) => void }) {
  const intl = useIntl();
  const refresh = usePerksRefresh();
  if (dialog.kind === "create") return <PerkFormDialog onClose={onClose} onSaved={() => onDone(intl.formatMessage(m.created))} />;
  const { perk } = dialog;
  switch (dialog.kind) {
    case "edit":
      return <PerkFormDialog perk={perk} onClose={onClose} onSaved={() => onDone(intl.formatMessage(m.saved))} />;
    case "picture":
      return (
        <ImageUploadDialog
          title={intl.formatMessage(m.pictureTitle, { title: perk.title })}
          url={perksApi.pictureUrl(perk.id)}
          currentUrl={perk.pictureUrl}
          currentAlt={intl.formatMessage(m.pictureCurrent)}
          onUploaded={refresh}
          onClose={onClose}
        />
      );
    case "import":
      return (
        <CodeImportDialog
          title={intl.formatMessage(m.importTitle, { title: perk.title })}
          apiBase={perksApi.codesBase(perk.id)}
          onClose={onClose}
          onImported={refresh}
        />
      );
    case "reveals":
      return <PerkRevealsDialog perk={perk} onClose={onClose} />;
    case "clear":
      return (
        <Confirm
          title={intl.formatMessage(m.clearTitle)}
          question={intl.formatMessage(m.clearQuestion, { title: perk.title, left: perk.codes.left })}
          confirm={m.confirmRemove}
          busy={m.removing}
          run={() => perksApi.clearCodes<PerkCodesClearedResponse>(perk.id)}
          onClose={onClose}
          onDone={(result) => onDone(intl.formatMessage(m.cleared, { count: (result as PerkCodesClearedResponse).deleted }))}
        />
      );
    case "delete":
      return (
        <Confirm
          title={intl.formatMessage(m.deleteTitle)}
          question={intl.formatMessage(m.deleteQuestion, { title: perk.title, reveals: perk.reveals, codes: perk.codes.total })}
          confirm={m.confirmDelete}
          busy={m.deleting}
          run={() => perksApi.remove(perk.id)}
          onClose={onClose}
          onDone={() => onDone(intl.formatMessage(m.deleted))}
        />
      );
  }
}

type ConfirmProps = {
  title: string;
  question: string;
  confirm: MessageDescriptor;
  busy: MessageDescriptor;
  run: () => Promise<unknown>;
  onClose: () => void;
  onDone: (result: unknown) => void;
};

/** A question before a write that cannot be taken back; a failure stays in the dialog. */
function Confirm({ title, question, confirm, busy, run, onClose, onDone }: ConfirmProps) {
  const intl = useIntl();
  const refresh = usePerksRefresh();
  const mutation = useMutation({ mutationFn: run, onSettled: refresh });
  return (
    <ConfirmDialog
      title={title}
      cancelLabel={intl.formatMessage(m.cancel)}
      confirmLabel={intl.formatMessage(confirm)}
      busyLabel={intl.formatMessage(busy)}
      busy={mutation.isPending}
      error={mutation.isError ? intl.formatMessage(failureText(mutation.error)) : undefined}
      onConfirm={() => mutation.mutate(undefined, { onSuccess: onDone })}
      onClose={onClose}
      className="admin-dialog"
    >
      <p>{question}</p>
    </ConfirmDialog>
  );
}
