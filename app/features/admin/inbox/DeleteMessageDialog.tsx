// 'Delete Message': the spec's question, Cancel and Delete ('Deleting...' while it runs). Closes on
// Cancel, on the backdrop, or once the server has deleted; a failure stays in the dialog.
import { useIntl } from "react-intl";
import { Modal } from "../../../components/Modal";
import { inboxMessages as m } from "./messages";
import { useDeleteMessage } from "./queries";

export function DeleteMessageDialog({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const intl = useIntl();
  const remove = useDeleteMessage();
  const footer = (
    <>
      {remove.isError && (
        <div className="error-banner" role="alert">
          {intl.formatMessage(m.deleteFailed)}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {intl.formatMessage(m.cancel)}
        </button>
        <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate(messageId, { onSuccess: onClose })}>
          {intl.formatMessage(remove.isPending ? m.deleting : m.delete)}
        </button>
      </div>
    </>
  );
  return (
    <Modal title={intl.formatMessage(m.deleteTitle)} onClose={onClose} footer={footer}>
      <p>{intl.formatMessage(m.deleteQuestion)}</p>
    </Modal>
  );
}
