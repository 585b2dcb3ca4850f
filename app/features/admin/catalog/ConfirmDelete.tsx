// 'Delete ...?': the question, Cancel and Delete ('Deleting...' while the request runs). The dialog
// closes once the server has deleted; a failure stays in the dialog.
import { useState, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { FormDialog } from "./FormDialog";
import { formErrorText, type ErrorText } from "./errors";
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
    <FormDialog title={title} onClose={onClose} onSubmit={confirm} pending={mutation.isPending} submit={m.commonDelete} submitting={m.commonDeleting} error={error} danger>
      <p>{question}</p>
    </FormDialog>
  );
}
