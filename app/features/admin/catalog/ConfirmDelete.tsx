// 'Delete ...?': the question, Cancel and Delete ('Deleting...' while the request runs). The dialog
// closes once the server has deleted; a failure stays in the dialog.
import { useState, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ErrorMessage } from "../components/form/fields";
import type { ErrorText } from "../components/form/errors";
import { formErrorText } from "./errors";
import { catalogMessages as m } from "./messages";
import { useCatalogRefresh, type CatalogList } from "./queries";

type ConfirmDeleteProps = {
  title: ReactNode;
  question: ReactNode;
  list: CatalogList;
  remove: () => Promise<unknown>;
  onClose: () => void;
};

export function ConfirmDelete({ title, question, list, remove, onClose }: ConfirmDeleteProps) {
  const refresh = useCatalogRefresh();
  const [error, setError] = useState<ErrorText | null>(null);
  const mutation = useMutation({ mutationFn: remove, onSettled: () => refresh(list) });
  const confirm = () => {
    setError(null);
    mutation.mutate(undefined, { onSuccess: onClose, onError: (err) => setError(formErrorText(err)) });
  };
  return (
    <ConfirmDialog
      title={title}
      cancelLabel={<FormattedMessage {...m.commonCancel} />}
      confirmLabel={<FormattedMessage {...m.commonDelete} />}
      busyLabel={<FormattedMessage {...m.commonDeleting} />}
      busy={mutation.isPending}
      error={error && <ErrorMessage error={error} />}
      onConfirm={confirm}
      onClose={onClose}
      className="admin-dialog"
    >
      <p>{question}</p>
    </ConfirmDialog>
  );
}
