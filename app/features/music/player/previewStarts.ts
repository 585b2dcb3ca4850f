// Where each track's preview starts in the track (the preview route's answer): the lyrics panel
// adds it to a preview's time, so synced lines follow a preview cut from the middle of a song.
const starts = new Map<string, number>();

export function rememberPreviewStart(trackId: string, startSeconds: number) {
  starts.set(trackId, startSeconds);
}

/** Seconds; 0 until the preview's answer has come. */
export const previewStartOf = (trackId: string) => starts.get(trackId) ?? 0;
