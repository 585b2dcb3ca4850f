// The frame of every back-office form built on this kit (catalog, perks): a modal with the form in
// its body, and the error banner and the actions (Cancel, then the action) always in view below.
import { useId, type ReactNode } from "react";
import { FormattedMessage, type MessageDescriptor } from "react-intl";
import { Modal } from "#app/components/Modal.tsx";
import { ErrorMessage } from "./fields";
import type { ErrorText } from "./errors";
import { formKitMessages as m } from "./messages";
import "./form.css";

type FormDialogProps = {
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  submit: MessageDescriptor;
  submitting: MessageDescriptor;
  error: ErrorText | null;
  children: ReactNode;
};

export function FormDialog({ title, onClose, onSubmit, pending, submit, submitting, error, children }: FormDialogProps) {
  const formId = useId();
  const footer = (
    <>
      {error && (
        <div className="error-banner" role="alert">
          <ErrorMessage error={error} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <FormattedMessage {...m.cancel} />
        </button>
        <button type="submit" form={formId} className="btn btn-primary" disabled={pending}>
          <FormattedMessage {...(pending ? submitting : submit)} />
        </button>
      </div>
    </>
  );
  return (
    <Modal title={title} onClose={onClose} footer={footer} className="admin-dialog">
      <form
        id={formId}
        className="form admin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
