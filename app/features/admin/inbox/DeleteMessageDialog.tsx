// 'Delete Message': the spec's question, Cancel and Delete ('Deleting...' while it runs). Closes on
// Cancel, on the backdrop, or once the server has deleted; a failure stays in the dialog.
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { inboxMessages as m } from "./messages";
import { useDeleteMessage } from "./queries";

export function DeleteMessageDialog({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const intl = useIntl();
  const remove = useDeleteMessage();
  return (
    <ConfirmDialog
      title={intl.formatMessage(m.deleteTitle)}
      cancelLabel={intl.formatMessage(m.cancel)}
      confirmLabel={intl.formatMessage(m.delete)}
      busyLabel={intl.formatMessage(m.deleting)}
      busy={remove.isPending}
      error={remove.isError && intl.formatMessage(m.deleteFailed)}
      onConfirm={() => remove.mutate(messageId, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>{intl.formatMessage(m.deleteQuestion)}</p>
    </ConfirmDialog>
  );
}
