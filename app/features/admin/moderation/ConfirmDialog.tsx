// A yes-or-no question before an action that cannot be taken back (delete, ban): Cancel and the
// action ('...ing' while it runs). Closes on Cancel, on the backdrop, or once the action is done;
// a failure stays in the dialog.
import type { ReactNode } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { Modal } from "../../../components/Modal";
import { moderationMessages as m } from "./messages";

type Props = { title: ReactNode; question: ReactNode; confirm: MessageDescriptor; confirming: MessageDescriptor; pending: boolean; failed: boolean; onConfirm: () => void; onClose: () => void };

export function ConfirmDialog({ title, question, confirm, confirming, pending, failed, onConfirm, onClose }: Props) {
  const intl = useIntl();
  const footer = (
    <>
      {failed && (
        <div className="error-banner" role="alert">
          {intl.formatMessage(m.actionFailed)}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {intl.formatMessage(m.cancel)}
        </button>
        <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
          {intl.formatMessage(pending ? confirming : confirm)}
        </button>
      </div>
    </>
  );
  return (
    <Modal title={title} onClose={onClose} footer={footer}>
      <p>{question}</p>
    </Modal>
  );
}
