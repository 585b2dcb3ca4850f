// The show's player: asks the Worker for a playback token, plays its HLS playlist, and asks again
// every LIVE_TOKEN_REFRESH_SECONDS (each ask also counts the viewer; a token lives five minutes).
// hls.js plays wherever the browser has Media Source (loaded on first use, so no other page
// carries it); the browser's own HLS only where it has none (older iPhones). Chromium's own HLS
// player, new, could not parse the live stream's first segments where hls.js played at once. A new token brings a new playlist address (the token is in its path):
// hls.js keeps playing the stream it has and every later request goes to the new address, by
// rewriting the old token's folder to the new one in its xhrSetup; the browser's own player is
// handed the new address only when the token it plays is about to expire.
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { LiveCaption, LivePlaybackMode, LiveTokenResponse } from "#contracts/live.ts";
import { LIVE_TOKEN_REFRESH_SECONDS } from "#contracts/live-limits.ts";
import { ApiRequestError } from "../../lib/api";
import { PlayerIcon } from "../../components/player/PlayerIcons";
import { liveMessages as m } from "./messages";
import { requestLiveToken } from "./queries";

const NATIVE_HLS = "application/vnd.apple.mpegurl";

/** The browser's own HLS player plays: only where hls.js cannot (no Media Source at all). */
const playsNativeHls = (element: HTMLVideoElement) =>
  !("MediaSource" in globalThis || "ManagedMediaSource" in globalThis) && element.canPlayType(NATIVE_HLS) !== "";
/** The browser's own player switches to a new token's address when the one it plays has this little left. */
const NATIVE_SWITCH_MARGIN_MS = 2 * 60_000;

/** The folder of a playlist's address: what a token's playlist and its segments share. */
export const playlistFolder = (url: string) => url.slice(0, url.lastIndexOf("/") + 1);

/** An address of the first token's folder moved to the latest token's folder; any other as it is. */
export function withCurrentToken(url: string, firstFolder: string, currentFolder: string): string {
  return url.startsWith(firstFolder) ? currentFolder + url.slice(firstFolder.length) : url;
}

/** Starts the (muted) video; a browser that refuses leaves the controls to the viewer. */
function playQuietly(element: HTMLVideoElement) {
  Promise.resolve()
    .then(() => element.play())
    .catch(() => {});
}

/** "English", "Português (Brasil)": a captions track's name in the reader's language. */
function languageName(readerLocale: string, locale: string): string {
  try {
    return new Intl.DisplayNames(readerLocale, { type: "language" }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

type Props = {
  eventId: string;
  mode: LivePlaybackMode;
  captions: LiveCaption[];
  /** Told when the Worker refuses a token: the page reads the show again to show why. */
  onRefused?: () => void;
  /** Told once the first token has come, which counted this viewer: the page reads the show again, so its count includes them. */
  onCounted?: () => void;
};

type HlsInstance = { destroy: () => void; loadSource: (url: string) => void; attachMedia: (media: HTMLMediaElement) => void };

export function LivePlayer({ eventId, mode, captions, onRefused, onCounted }: Props) {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  const [token, setToken] = useState<LiveTokenResponse | null>(null);
  const [failure, setFailure] = useState<"not_live" | "failed" | null>(null);
  // The video starts muted (a browser plays sound only after a tap); the Unmute button over it
  // says so, as the native controls fade on phones and hide their volume in a menu.
  const [muted, setMuted] = useState(true);
  // The folders of the first token's playlist (what hls.js resolved every address from) and the
  // latest one's.
  const folders = useRef<{ first: string; current: string } | null>(null);

  // The token, then a new one every minute while the player is open.
  useEffect(() => {
    let stopped = false;
    let counted = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await requestLiveToken(eventId);
        if (stopped) return;
        setToken(answer);
        setFailure(null);
        if (!counted) {
          counted = true;
          onCounted?.();
        }
        timer = setTimeout(() => void ask(), LIVE_TOKEN_REFRESH_SECONDS * 1000);
      } catch (error) {
        if (stopped) return;
        const refused = error instanceof ApiRequestError && (error.status === 401 || error.status === 403 || error.status === 404);
        setFailure(error instanceof ApiRequestError && error.code === "not_live" ? "not_live" : "failed");
        if (refused || (error instanceof ApiRequestError && error.code === "not_live")) onRefused?.();
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [eventId, mode, onRefused, onCounted]);

  const playlistUrl = token?.playlistUrl ?? null;
  const expiresAt = token?.expiresAt ?? null;
  const started = playlistUrl !== null;

  // Keeps the folders current as tokens change; hls.js reads them on its next request.
  useEffect(() => {
    if (!playlistUrl) return;
    if (folders.current) folders.current.current = playlistFolder(playlistUrl);
  }, [playlistUrl]);

  // Starts playback once, with the first token.
  useEffect(() => {
    const element = video.current;
    if (!started || !element || !playlistUrl) return;
    let hls: HlsInstance | null = null;
    let cancelled = false;
    folders.current = { first: playlistFolder(playlistUrl), current: playlistFolder(playlistUrl) };
    if (playsNativeHls(element)) {
      element.src = playlistUrl;
      playQuietly(element);
    } else {
      void import("hls.js").then(
        ({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return setFailure("failed");
          const instance = new Hls({
            xhrSetup: (xhr: XMLHttpRequest, url: string) => {
              const now = folders.current;
              xhr.open("GET", now ? withCurrentToken(url, now.first, now.current) : url, true);
            },
          });
          instance.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) setFailure("failed");
          });
          instance.on(Hls.Events.MANIFEST_PARSED, () => playQuietly(element));
          instance.loadSource(playlistUrl);
          instance.attachMedia(element);
          hls = instance;
        },
        () => setFailure("failed"),
      );
    }
    return () => {
      cancelled = true;
      hls?.destroy();
    };
    // Started once per mount: later tokens reach hls.js through `folders`, the native player below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [started]);

  // The browser's own player: the new address when the one it plays is about to expire.
  const nativeExpires = useRef<number | null>(null);
  useEffect(() => {
    const element = video.current;
    if (!element || !playlistUrl || !expiresAt || !playsNativeHls(element)) return;
    if (nativeExpires.current === null) nativeExpires.current = Date.parse(expiresAt);
    else if (nativeExpires.current - Date.now() < NATIVE_SWITCH_MARGIN_MS) {
      const at = element.currentTime;
      element.src = playlistUrl;
      if (mode === "replay") element.currentTime = at;
      playQuietly(element);
      nativeExpires.current = Date.parse(expiresAt);
    }
  }, [playlistUrl, expiresAt, mode]);

  const unmute = () => {
    const element = video.current;
    if (!element) return;
    element.muted = false;
    setMuted(false);
    if (element.paused) playQuietly(element);
  };

  return (
    <div className="live-player" data-mode={mode}>
      {/* Muted so it may start on its own; the Unmute button or the controls bring the sound. */}
      <video
        ref={video}
        className="live-video"
        data-testid="live-video"
        aria-label={intl.formatMessage(m.videoLabel)}
        controls
        muted
        autoPlay
        playsInline
        crossOrigin="anonymous"
        onVolumeChange={(e) => setMuted(e.currentTarget.muted)}
      >
        {mode === "replay" &&
          captions.map((caption) => (
            <track key={caption.locale} kind="subtitles" src={caption.url} srcLang={caption.locale} label={languageName(intl.locale, caption.locale)} />
          ))}
      </video>
      {token && !failure && muted && (
        <button type="button" className="btn btn-primary btn-sm live-unmute" onClick={unmute}>
          <PlayerIcon name="muted" size={18} /> {intl.formatMessage(m.unmute)}
        </button>
      )}
      {!token && !failure && <p className="live-player-note muted">{intl.formatMessage(m.playerLoading)}</p>}
      {failure && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(failure === "not_live" ? m.notLive : m.playerFailed)}
        </p>
      )}
    </div>
  );
}
