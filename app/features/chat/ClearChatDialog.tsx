// 'Clear Chat History' (spec 2): the confirmation before every stored message is deleted. The
// site's modal keeps focus inside and closes on Escape; Cancel gets the first focus, so a stray
// Enter never clears anything.
import { FormattedMessage } from "react-intl";
import { Modal } from "../../components/Modal";
import { chatMessages as m } from "./messages";

export function ClearChatDialog({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  const footer = (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        <FormattedMessage {...m.clearCancel} />
      </button>
      <button type="button" className="btn btn-danger" onClick={onConfirm}>
        <FormattedMessage {...m.clearConfirm} />
      </button>
    </div>
  );
  return (
    <Modal title={<FormattedMessage {...m.clearTitle} />} onClose={onCancel} footer={footer}>
      <p>
        <FormattedMessage {...m.clearBody} />
      </p>
    </Modal>
  );
}
