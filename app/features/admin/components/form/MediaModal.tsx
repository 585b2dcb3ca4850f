// Dialogs around an upload: the frame (what is there now, then the upload; Close whenever the
// person is done, an upload still running is canceled) and the picture dialog built on it (an
// album cover, a station picture, a channel thumbnail, a perk's picture).
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Modal } from "#app/components/Modal.tsx";
import { CATALOG_IMAGE_ACCEPT, CATALOG_IMAGE_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import { formatBytes } from "../../format";
import { formKitMessages as m } from "./messages";
import { UploadField } from "./UploadField";
import "./form.css";

export function MediaModal({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const footer = (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        <FormattedMessage {...m.close} />
      </button>
    </div>
  );
  return (
    <Modal title={title} onClose={onClose} footer={footer} className="admin-dialog">
      {children}
    </Modal>
  );
}

type ImageUploadDialogProps = {
  title: ReactNode;
  /** Where the picture is PUT. */
  url: string;
  currentUrl: string | null;
  /** The current picture's alternative text. */
  currentAlt: string;
  onUploaded: () => void;
  onClose: () => void;
};

export function ImageUploadDialog({ title, url, currentUrl, currentAlt, onUploaded, onClose }: ImageUploadDialogProps) {
  const intl = useIntl();
  return (
    <MediaModal title={title} onClose={onClose}>
      {currentUrl && <img className="admin-dialog-image" src={currentUrl} alt={currentAlt} width={160} height={160} />}
      <UploadField
        kind="image"
        url={url}
        accept={CATALOG_IMAGE_ACCEPT}
        maxBytes={CATALOG_IMAGE_MAX_BYTES}
        label={intl.formatMessage(m.uploadImageField)}
        hint={intl.formatMessage(m.uploadImageHint, { max: formatBytes(intl, CATALOG_IMAGE_MAX_BYTES) })}
        onUploaded={onUploaded}
      />
    </MediaModal>
  );
}
