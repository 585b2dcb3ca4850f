// 'Are you sure you want to delete ...?': the question, Cancel and Delete ('Deleting...' while the
// request runs). The dialog closes once the server has deleted; a refusal stays in the dialog.
import { useState, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ErrorMessage } from "./fields";
import type { ErrorText } from "./errors";
import { eventsMessages as m } from "./messages";
import { useEventsRefresh } from "./queries";

type ConfirmDeleteProps = {
  title: ReactNode;
  question: ReactNode;
  /** Who is asked about: the thing's name, shown under the question. */
  name: string;
  remove: () => Promise<unknown>;
  /** What a failure says. */
  errorOf: (err: unknown) => ErrorText;
  onDeleted: () => void;
  onClose: () => void;
};

export function ConfirmDelete({ title, question, name, remove, errorOf, onDeleted, onClose }: ConfirmDeleteProps) {
  const intl = useIntl();
  const refresh = useEventsRefresh();
  const [error, setError] = useState<ErrorText | null>(null);
  const mutation = useMutation({ mutationFn: remove, onSettled: refresh });
  const confirm = () => {
    setError(null);
    mutation.mutate(undefined, { onSuccess: onDeleted, onError: (err) => setError(errorOf(err)) });
  };
  return (
    <ConfirmDialog
      title={title}
      cancelLabel={intl.formatMessage(m.cancel)}
      confirmLabel={intl.formatMessage(m.delete)}
      busyLabel={intl.formatMessage(m.deleting)}
      busy={mutation.isPending}
      error={error && <ErrorMessage error={error} />}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{question}</p>
      <p className="admin-events-confirm-name">{name}</p>
    </ConfirmDialog>
  );
}
