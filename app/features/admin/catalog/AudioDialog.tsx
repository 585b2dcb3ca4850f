// A track's audio: upload a file (its duration, when the file says, replaces the stored one), or
// point the track at a remote https address the audio proxy allows, or remove the audio.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { AUDIO_ACCEPT, AUDIO_MAX_BYTES, CATALOG_API, REMOTE_URL_MAX } from "#contracts/music/admin-catalog-limits.ts";
import type { AdminTrack, AdminTrackResponse, AudioSource, TrackAudioResponse } from "#contracts/music/admin-catalog.ts";
import { MediaModal } from "../components/form/MediaModal";
import { UploadField } from "../components/form/UploadField";
import { TextField } from "../components/form/fields";
import type { ErrorText } from "../components/form/errors";
import { formErrorText } from "./errors";
import { formatBytes } from "../format";
import { formatDuration, hostOf } from "./format";
import { catalogMessages as m } from "./messages";
import { catalogApi, useCatalogRefresh } from "./queries";

export function useAudioSourceLabel() {
  const intl = useIntl();
  return (audio: AudioSource) =>
    audio.kind === "none"
      ? intl.formatMessage(m.audioNone)
      : audio.kind === "file"
        ? intl.formatMessage(m.audioFile, { format: audio.format.toUpperCase() })
        : intl.formatMessage(m.audioRemote, { host: hostOf(audio.url) });
}

export function AudioDialog({ track, onClose }: { track: AdminTrack; onClose: () => void }) {
  const intl = useIntl();
  const refresh = useCatalogRefresh();
  const sourceLabel = useAudioSourceLabel();
  // What the track plays now, as the latest answer says.
  const [current, setCurrent] = useState(track);
  const [url, setUrl] = useState(current.audio.kind === "remote" ? current.audio.url : "");
  const [urlError, setUrlError] = useState<ErrorText | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const setRemote = useMutation({
    mutationFn: (address: string) => catalogApi.put<TrackAudioResponse>(`/tracks/${track.id}/audio-url`, { url: address }),
    onSettled: () => refresh("albums"),
  });
  const remove = useMutation({
    mutationFn: () => catalogApi.delete<AdminTrackResponse>(`/tracks/${track.id}/audio`),
    onSettled: () => refresh("albums"),
  });

  const saveUrl = () => {
    setUrlError(null);
    setSaved(null);
    const address = url.trim();
    if (!address) return setUrlError({ message: m.commonRequired });
    setRemote.mutate(address, {
      onSuccess: ({ track: updated }) => {
        setCurrent(updated);
        setSaved(intl.formatMessage(m.mediaUrlSaved, { host: hostOf(address) }));
      },
      onError: (err) => setUrlError(formErrorText(err)),
    });
  };

  const removeAudio = () => {
    setSaved(null);
    remove.mutate(undefined, {
      onSuccess: ({ track: updated }) => {
        setCurrent(updated);
        setSaved(intl.formatMessage(m.mediaAudioRemoved));
      },
      onError: (err) => setUrlError(formErrorText(err)),
    });
  };

  return (
    <MediaModal title={intl.formatMessage(m.mediaAudioTitle, { name: track.title })} onClose={onClose}>
      <p className="catalog-current">{intl.formatMessage(m.mediaCurrent, { source: sourceLabel(current.audio) })}</p>
      <UploadField<TrackAudioResponse>
        kind="audio"
        url={`${CATALOG_API}/tracks/${track.id}/audio`}
        accept={AUDIO_ACCEPT}
        maxBytes={AUDIO_MAX_BYTES}
        label={intl.formatMessage(m.uploadAudioField)}
        hint={intl.formatMessage(m.uploadAudioHint, { max: formatBytes(intl, AUDIO_MAX_BYTES) })}
        onUploaded={({ track: updated }) => {
          setCurrent(updated);
          setSaved(null);
          refresh("albums");
        }}
        note={({ track: updated, durationDetected }) => (
          <p>{intl.formatMessage(durationDetected ? m.uploadDurationRead : m.uploadDurationKept, { duration: formatDuration(updated.durationSeconds) })}</p>
        )}
      />
      <fieldset className="catalog-remote">
        <legend>{intl.formatMessage(m.mediaUrlHeading)}</legend>
        <TextField
          label={intl.formatMessage(m.mediaUrl)}
          type="url"
          value={url}
          maxLength={REMOTE_URL_MAX}
          onChange={(value) => {
            setUrl(value);
            setUrlError(null);
          }}
          hint={intl.formatMessage(m.mediaUrlHint)}
          error={urlError}
        />
        <div className="admin-upload-actions">
          <button type="button" className="btn btn-primary" disabled={setRemote.isPending} onClick={saveUrl}>
            {intl.formatMessage(setRemote.isPending ? m.commonSaving : m.mediaUseUrl)}
          </button>
          {current.audio.kind !== "none" && (
            <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={removeAudio}>
              {intl.formatMessage(remove.isPending ? m.commonDeleting : m.mediaRemoveAudio)}
            </button>
          )}
        </div>
      </fieldset>
      <div role="status">{saved && <p className="admin-upload-done">{saved}</p>}</div>
    </MediaModal>
  );
}
