// An entry's player on the contest's page: the native <audio> the page has always had (the
// Worker serves the streaming copy once made) and, beside it, the entry's waveform to see and seek,
// or a word that it is being prepared (decision 195).
import { useEffect, useRef, useState, type RefObject } from "react";
import { EntryWaveform, WaveformPending } from "./EntryWaveform";
import type { ContestEntry } from "#contracts/contests/contests.ts";

/** The audio's position and length, followed as it plays (the entry's stored length until its metadata loads). */
function usePlayback(audio: RefObject<HTMLAudioElement | null>, knownSeconds: number) {
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(knownSeconds);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const onTime = () => setPosition(element.currentTime);
    const onMeta = () => Number.isFinite(element.duration) && element.duration > 0 && setDuration(element.duration);
    element.addEventListener("timeupdate", onTime);
    element.addEventListener("seeked", onTime);
    element.addEventListener("loadedmetadata", onMeta);
    return () => {
      element.removeEventListener("timeupdate", onTime);
      element.removeEventListener("seeked", onTime);
      element.removeEventListener("loadedmetadata", onMeta);
    };
  }, [audio]);
  return { position, duration, setPosition };
}

export function EntryPlayer({ entry }: { entry: ContestEntry }) {
  const audio = useRef<HTMLAudioElement>(null);
  const { position, duration, setPosition } = usePlayback(audio, entry.durationSeconds ?? 0);
  // Before its metadata loads the element keeps the time as where playing will start.
  const seek = (seconds: number) => {
    if (audio.current) audio.current.currentTime = seconds;
    setPosition(seconds);
  };
  if (!entry.audioUrl) return null;
  return (
    <div className="contest-entry-player">
      {entry.peaks ? (
        <EntryWaveform title={entry.title} peaks={entry.peaks} position={position} duration={duration} onSeek={seek} />
      ) : (
        entry.streamState === "pending" && <WaveformPending />
      )}
      <audio ref={audio} controls preload="none" src={entry.audioUrl} aria-label={entry.title} />
    </div>
  );
}
