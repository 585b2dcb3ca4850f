// The confirmation before a switch that takes access away (a ban, removing admin): the question,
// Cancel, and the action in the danger style ('Banning...' while it runs).
import type { ReactNode } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { Modal } from "../../../components/Modal";
import { usersMessages as m } from "./messages";

type Props = {
  title: ReactNode;
  question: ReactNode;
  confirm: MessageDescriptor;
  confirming: MessageDescriptor;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({ title, question, confirm, confirming, pending, onConfirm, onClose }: Props) {
  const intl = useIntl();
  const footer = (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        {intl.formatMessage(m.cancel)}
      </button>
      <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
        {intl.formatMessage(pending ? confirming : confirm)}
      </button>
    </div>
  );
  return (
    <Modal title={title} onClose={onClose} footer={footer}>
      <p>{question}</p>
    </Modal>
  );
}
