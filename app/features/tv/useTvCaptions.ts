// The video's caption tracks (WebVTT) and which one CC shows: the one in the page's language, else
// the first there is. The <track> elements' modes follow CC (a track is "showing" only while CC is on).
import { useEffect, type RefObject } from "react";
import { useIntl } from "react-intl";
import type { TvCaptionTrack } from "#contracts/tv.ts";
import type { TunedStream } from "./queries";

const NO_TRACKS: TvCaptionTrack[] = [];

export function useTvCaptions(videoRef: RefObject<HTMLVideoElement | null>, videoStream: Extract<TunedStream, { kind: "video" }> | null, captionsOn: boolean) {
  const intl = useIntl();
  const captionTracks = videoStream?.captions ?? NO_TRACKS;
  const shownLang = captionTracks.some((t) => t.lang === intl.locale) ? intl.locale : captionTracks[0]?.lang;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    for (const el of video.querySelectorAll("track")) {
      if (el.track) el.track.mode = captionsOn && el.srclang === shownLang ? "showing" : "disabled";
    }
  }, [captionsOn, shownLang, videoStream, videoRef]);

  return captionTracks;
}
