// 'Clear Chat History' (docs/features.md#vip-chat): the confirmation before every stored message is deleted. Cancel
// gets the first focus, so a stray Enter never clears anything.
import { FormattedMessage } from "react-intl";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { chatMessages as m } from "./messages";

export function ClearChatDialog({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      title={<FormattedMessage {...m.clearTitle} />}
      cancelLabel={<FormattedMessage {...m.clearCancel} />}
      confirmLabel={<FormattedMessage {...m.clearConfirm} />}
      onConfirm={onConfirm}
      onClose={onCancel}
    >
      <p>
        <FormattedMessage {...m.clearBody} />
      </p>
    </ConfirmDialog>
  );
}
