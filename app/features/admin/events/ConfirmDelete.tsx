// 'Are you sure you want to delete ...?': the question, Cancel and Delete ('Deleting...' while the
// request runs). The dialog closes once the server has deleted; a refusal stays in the dialog.
import { useState, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { Modal } from "../../../components/Modal";
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
  const footer = (
    <>
      {error && (
        <div className="error-banner" role="alert">
          <ErrorMessage error={error} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {intl.formatMessage(m.cancel)}
        </button>
        <button type="button" className="btn btn-danger" onClick={confirm} disabled={mutation.isPending}>
          {intl.formatMessage(mutation.isPending ? m.deleting : m.delete)}
        </button>
      </div>
    </>
  );
  return (
    <Modal title={title} onClose={onClose} footer={footer}>
      <p>{question}</p>
      <p className="admin-events-confirm-name">{name}</p>
    </Modal>
  );
}
