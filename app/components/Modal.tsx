// An accessible modal dialog: role=dialog + aria-modal, named by its title, focus moved in and
// kept inside (Tab wraps), Escape and a click on the backdrop close it, and focus goes back to
// whatever opened it. Rendered into <body> so no parent's overflow or z-index can clip it.
// Layout: title, then a body that scrolls, then an optional footer (the dialog's actions) outside
// the scrolling body, so however long the content grows the actions stay in view. A form whose
// submit button sits in the footer names the form with the button's `form` attribute.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

const focusablesIn = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));

type ModalProps = {
  title: ReactNode;
  onClose: () => void;
  /** The content: scrolls inside the dialog when it is taller than the screen allows. */
  children: ReactNode;
  /** The dialog's actions (and a form-level message), always visible below the body. */
  footer?: ReactNode;
  /** Wider dialogs for forms; the style sheet decides what that means. */
  className?: string;
};

export function Modal({ title, onClose, children, footer, className }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) (focusablesIn(dialog)[0] ?? dialog).focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== "Tab" || !dialogRef.current) return;
    const items = focusablesIn(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialogRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="dialog-backdrop"
      // mousedown, not click: a text selection that starts inside and ends outside must not close it.
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        className={className ? `dialog ${className}` : "dialog"}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div className="dialog-body">{children}</div>
        {footer !== undefined && <div className="dialog-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
