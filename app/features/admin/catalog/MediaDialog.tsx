// The catalog's upload dialogs for pictures (album covers, station pictures, channel thumbnails)
// and channel videos, on the form kit's media frame; the list is refreshed after each upload.
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { CATALOG_API, VIDEO_ACCEPT, VIDEO_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import type { ChannelVideoResponse } from "#contracts/music/admin-catalog.ts";
import { formatBytes } from "../format";
import { ImageUploadDialog, MediaModal } from "../components/form/MediaModal";
import { UploadField } from "../components/form/UploadField";
import { formatDuration } from "./format";
import { catalogMessages as m } from "./messages";
import { useCatalogRefresh, type CatalogList } from "./queries";

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
    <ImageUploadDialog
      title={title}
      url={`${CATALOG_API}${path}`}
      currentUrl={currentUrl}
      currentAlt={intl.formatMessage(m.mediaCurrentImage)}
      onUploaded={() => refresh(list)}
      onClose={onClose}
    />
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
