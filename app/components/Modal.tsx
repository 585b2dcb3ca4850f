// An accessible modal dialog: role=dialog + aria-modal, named by its title, focus moved in and
// kept inside (Tab wraps), Escape and a click on the backdrop close it, and focus goes back to
// whatever opened it (or to `returnFocusTo`, for an opener that a click does not focus, as in
// Safari). Rendered into <body> so no parent's overflow or z-index can clip it. With `lockScroll`
// the page behind it does not scroll while it is open (a full-screen view).
// Layout: title, then a body that scrolls, then an optional footer (the dialog's actions) outside
// the scrolling body, so however long the content grows the actions stay in view. A form whose
// submit button sits in the footer names the form with the button's `form` attribute.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
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
  /** Where focus goes on close; default: the element that had it when the dialog opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Keeps the page behind from scrolling while the dialog is open. */
  lockScroll?: boolean;
};

export function Modal({ title, onClose, children, footer, className, returnFocusTo, lockScroll = false }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocusTo);
  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocusTo;
  }, [onClose, returnFocusTo]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) (focusablesIn(dialog)[0] ?? dialog).focus();
    return () => (returnFocusRef.current?.current ?? opener)?.focus();
  }, []);

  useEffect(() => {
    if (!lockScroll) return;
    const { style } = document.body;
    const before = { overflow: style.overflow, paddingRight: style.paddingRight };
    // Hiding the scroll bar widens the page; padding where it was keeps the layout still.
    const scrollBar = window.innerWidth - document.documentElement.clientWidth;
    style.overflow = "hidden";
    if (scrollBar > 0) style.paddingRight = `${scrollBar}px`;
    return () => {
      style.overflow = before.overflow;
      style.paddingRight = before.paddingRight;
    };
  }, [lockScroll]);

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
        if (e.target !== e.currentTarget) return;
        // No default action: the browser would move focus to the page behind after the dialog has
        // given it back to its opener.
        e.preventDefault();
        onCloseRef.current();
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
