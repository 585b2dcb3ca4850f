// Upload dialogs for pictures (album covers, station pictures, channel thumbnails) and channel
// videos. Each shows what is there now, then the upload; Close whenever the person is done (an
// upload still running is canceled).
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Modal } from "../../../components/Modal";
import { CATALOG_API, CATALOG_IMAGE_ACCEPT, CATALOG_IMAGE_MAX_BYTES, VIDEO_ACCEPT, VIDEO_MAX_BYTES } from "../../../../worker/contracts/admin-catalog-limits";
import type { ChannelVideoResponse } from "../../../../worker/contracts/admin-catalog";
import { UploadField } from "./UploadField";
import { formatBytes, formatDuration } from "./format";
import { catalogMessages as m } from "./messages";
import { useCatalogRefresh, type CatalogList } from "./queries";

export function MediaModal({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const footer = (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        <FormattedMessage {...m.commonClose} />
      </button>
    </div>
  );
  return (
    <Modal title={title} onClose={onClose} footer={footer} className="catalog-dialog">
      {children}
    </Modal>
  );
}

type ImageDialogProps = {
  title: ReactNode;
  list: CatalogList;
  /** e.g. /albums/<id>/cover */
  path: string;
  currentUrl: string | null;
  onClose: () => void;
};

export function ImageDialog({ title, list, path, currentUrl, onClose }: ImageDialogProps) {
  const intl = useIntl();
  const refresh = useCatalogRefresh();
  return (
    <MediaModal title={title} onClose={onClose}>
      {currentUrl && <img className="catalog-dialog-image" src={currentUrl} alt={intl.formatMessage(m.mediaCurrentImage)} width={160} height={160} />}
      <UploadField
        kind="image"
        url={`${CATALOG_API}${path}`}
        accept={CATALOG_IMAGE_ACCEPT}
        maxBytes={CATALOG_IMAGE_MAX_BYTES}
        label={intl.formatMessage(m.uploadImageField)}
        hint={intl.formatMessage(m.uploadImageHint, { max: formatBytes(intl, CATALOG_IMAGE_MAX_BYTES) })}
        onUploaded={() => refresh(list)}
      />
    </MediaModal>
  );
}

export function VideoDialog({ channelId, name, onClose }: { channelId: string; name: string; onClose: () => void }) {
  const intl = useIntl();
  const refresh = useCatalogRefresh();
  return (
    <MediaModal title={intl.formatMessage(m.mediaVideoTitle, { name })} onClose={onClose}>
      <UploadField<ChannelVideoResponse>
        kind="video"
        url={`${CATALOG_API}/channels/${channelId}/video`}
        accept={VIDEO_ACCEPT}
        maxBytes={VIDEO_MAX_BYTES}
        label={intl.formatMessage(m.uploadVideoField)}
        hint={intl.formatMessage(m.uploadVideoHint, { max: formatBytes(intl, VIDEO_MAX_BYTES) })}
        onUploaded={() => refresh("channels")}
        note={({ channel, durationDetected }) => (
          <p>{intl.formatMessage(durationDetected ? m.uploadDurationRead : m.uploadDurationKept, { duration: formatDuration(channel.durationSeconds) })}</p>
        )}
      />
    </MediaModal>
  );
}
