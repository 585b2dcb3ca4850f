// A track's lossless master, sold as a download beside its MP3 (decision 054): upload a WAV or FLAC
// (the server decides by the bytes), or remove it. Opened by the track row's Master button.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { CATALOG_API, MASTER_ACCEPT, MASTER_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import type { AdminTrack, AdminTrackResponse } from "#contracts/music/admin-catalog.ts";
import { MediaModal } from "../components/form/MediaModal";
import { UploadField } from "../components/form/UploadField";
import { formatBytes } from "../format";
import { DerivedFormatNote } from "./DerivedFormatNote";
import { catalogMessages as m } from "./messages";
import { catalogApi, useCatalogRefresh } from "./queries";

export function MasterDialog({ track, onClose }: { track: AdminTrack; onClose: () => void }) {
  const intl = useIntl();
  const refresh = useCatalogRefresh();
  // The track as this dialog last heard it: the master and how its other format stands.
  const [current, setCurrent] = useState(track);
  const master = current.master;
  const [said, setSaid] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => catalogApi.delete<AdminTrackResponse>(`/tracks/${track.id}/master`),
    onSettled: () => refresh("albums"),
    onSuccess: ({ track: updated }) => {
      setCurrent(updated);
      setSaid(intl.formatMessage(m.masterRemoved));
    },
  });

  return (
    <MediaModal title={intl.formatMessage(m.masterTitle, { name: track.title })} onClose={onClose}>
      <p className="muted">{intl.formatMessage(m.masterHeading)}</p>
      <p className="catalog-current">{master ? intl.formatMessage(m.masterCurrent, { format: master.toUpperCase() }) : intl.formatMessage(m.masterNone)}</p>
      {master && current.derivedState && (
        <p className="catalog-current">
          <DerivedFormatNote track={current} />
        </p>
      )}
      <UploadField<AdminTrackResponse>
        kind="master"
        url={`${CATALOG_API}/tracks/${track.id}/master`}
        accept={MASTER_ACCEPT}
        maxBytes={MASTER_MAX_BYTES}
        label={intl.formatMessage(m.masterField)}
        hint={intl.formatMessage(m.masterHint, { max: formatBytes(intl, MASTER_MAX_BYTES) })}
        onUploaded={({ track: updated }) => {
          setCurrent(updated);
          setSaid(null);
          refresh("albums");
        }}
        note={() => <p>{intl.formatMessage(m.masterUploaded)}</p>}
      />
      {master && (
        <div className="admin-upload-actions">
          <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {intl.formatMessage(remove.isPending ? m.commonDeleting : m.masterRemove)}
          </button>
        </div>
      )}
      {remove.isError && (
        <p className="field-error" role="alert">
          {intl.formatMessage(m.masterRemoveFailed)}
        </p>
      )}
      <div role="status">{said && <p className="admin-upload-done">{said}</p>}</div>
    </MediaModal>
  );
}
