// A full-screen picture viewer: the Modal dialog (role=dialog, aria-modal, focus kept inside and
// given back, Escape and a click on the backdrop close it) dressed as a lightbox, with a close
// button, the page behind it locked, and focus returned to `returnFocusTo` (the picture's button).
import type { ReactNode, RefObject } from "react";
import { Modal } from "./Modal";

type LightboxProps = {
  /** Names the dialog; shown as a caption above the picture. */
  title: ReactNode;
  /** The close button's accessible name, in the page's language. */
  closeLabel: string;
  onClose: () => void;
  /** The picture (an <img> that fits itself to the screen with the .lightbox-image class). */
  children: ReactNode;
  /** Links or actions under the picture. */
  footer?: ReactNode;
  returnFocusTo?: RefObject<HTMLElement | null>;
};

export function Lightbox({ title, closeLabel, onClose, children, footer, returnFocusTo }: LightboxProps) {
  return (
    <Modal title={title} onClose={onClose} className="lightbox" footer={footer} returnFocusTo={returnFocusTo} lockScroll>
      <button type="button" className="lightbox-close" onClick={onClose} aria-label={closeLabel}>
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.2}
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
      {children}
    </Modal>
  );
}
