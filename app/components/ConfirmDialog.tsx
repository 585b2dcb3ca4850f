// A yes-or-no question before an action that cannot be taken back (delete, ban, clear): the
// question, then Cancel and the action in the danger style, or the primary one for an action
// the member wants (a purchase) ('Deleting...' while it runs, and
// disabled). The site's modal keeps focus inside, closes on Escape and on the backdrop, and gives
// Cancel the first focus, so a stray Enter never confirms. A failure stays in the dialog, above
// the actions. The texts are the caller's: each area words its own question and buttons.
import type { ReactNode } from "react";
import { Modal } from "./Modal";

type ConfirmDialogProps = {
  title: ReactNode;
  /** The question, and whatever it is about. */
  children: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  /** What the action's button says while it runs. */
  busyLabel?: ReactNode;
  busy?: boolean;
  /** Why the action failed, shown as an alert above the buttons. */
  error?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** A wider dialog, as the area's own dialogs are. */
  className?: string;
  /** "primary" for a wanted action (a purchase); destructive ones keep "danger". */
  tone?: "danger" | "primary";
};

export function ConfirmDialog({
  title,
  children,
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy = false,
  error,
  onConfirm,
  onClose,
  className,
  tone = "danger",
}: ConfirmDialogProps) {
  const footer = (
    <>
      {error ? (
        <div className="error-banner" role="alert">
          {error}
        </div>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {cancelLabel}
        </button>
        <button type="button" className={`btn btn-${tone}`} onClick={onConfirm} disabled={busy}>
          {busy && busyLabel !== undefined ? busyLabel : confirmLabel}
        </button>
      </div>
    </>
  );
  return (
    <Modal title={title} onClose={onClose} footer={footer} className={className}>
      {children}
    </Modal>
  );
}
