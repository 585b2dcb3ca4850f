// The embed's audio: one <audio> element that plays tracks' previews. Requests go without
// cookies (an embed never needs a session), and each preview heard is counted once per start.
import { useCallback, useEffect, useRef, useState } from "react";
import type { PreviewResponse } from "#contracts/music/music.ts";

export type PreviewStatus = "idle" | "loading" | "playing" | "paused" | "ended" | "error";
/** `startSeconds`: where the preview is cut from in the track (the synced lyrics add it). */
export type PreviewAudioState = { trackId: string | null; status: PreviewStatus; currentTime: number; duration: number; startSeconds: number };

const IDLE: PreviewAudioState = { trackId: null, status: "idle", currentTime: 0, duration: 0, startSeconds: 0 };

const post = (path: string) => fetch(path, { method: "POST", credentials: "omit", headers: { accept: "application/json" } });

export function usePreviewAudio() {
  const [state, setState] = useState<PreviewAudioState>(IDLE);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const trackRef = useRef<string | null>(null);

  useEffect(() => {
    const audio = new Audio();
    audio.preload = "none";
    audioRef.current = audio;
    const update = (patch: Partial<PreviewAudioState>) => setState((s) => ({ ...s, ...patch }));
    const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
      ["playing", () => update({ status: "playing" })],
      ["pause", () => setState((s) => (s.status === "playing" ? { ...s, status: "paused" } : s))],
      ["timeupdate", () => update({ currentTime: audio.currentTime })],
      ["durationchange", () => Number.isFinite(audio.duration) && update({ duration: audio.duration })],
      ["ended", () => update({ status: "ended", currentTime: 0 })],
      ["error", () => audio.src && update({ status: "error" })],
    ];
    for (const [type, fn] of listeners) audio.addEventListener(type, fn);
    return () => {
      for (const [type, fn] of listeners) audio.removeEventListener(type, fn);
      audio.pause();
      audio.removeAttribute("src");
      audioRef.current = null;
    };
  }, []);

  const toggle = useCallback(
    async (trackId: string) => {
      const audio = audioRef.current;
      if (!audio) return;
      if (trackRef.current === trackId && audio.src && state.status !== "ended" && state.status !== "error") {
        if (audio.paused) await audio.play().catch(() => setState((s) => ({ ...s, status: "error" })));
        else audio.pause();
        return;
      }
      trackRef.current = trackId;
      audio.pause();
      setState({ trackId, status: "loading", currentTime: 0, duration: 0, startSeconds: 0 });
      try {
        const response = await post(`/api/music/tracks/${encodeURIComponent(trackId)}/preview`);
        if (!response.ok) throw new Error(`preview ${response.status}`);
        const preview = (await response.json()) as PreviewResponse;
        if (trackRef.current !== trackId) return; // another track was chosen meanwhile
        audio.src = preview.url;
        setState((s) => ({ ...s, duration: preview.durationSeconds, startSeconds: preview.startSeconds }));
        await audio.play();
        void post(`/api/music/tracks/${encodeURIComponent(trackId)}/preview-plays`).catch(() => {});
      } catch {
        if (trackRef.current === trackId) setState((s) => ({ ...s, status: "error" }));
      }
    },
    [state.status],
  );

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (audio?.src) audio.currentTime = seconds;
  }, []);

  return { state, toggle, seek };
}
