// Full screen for the TV player: on the player itself, so its controls stay; on iPhone Safari,
// where only a video can go full screen, on the <video> with the system's controls.
import { useEffect, useState, type RefObject } from "react";

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

export function useFullscreen(containerRef: RefObject<HTMLElement | null>, videoRef: RefObject<HTMLVideoElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement != null && document.fullscreenElement === containerRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [containerRef]);

  const toggleFullscreen = () => {
    const container = containerRef.current;
    if (!container) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen?.()?.catch(() => {});
      return;
    }
    if (typeof container.requestFullscreen === "function") {
      void container.requestFullscreen()?.catch(() => {});
      return;
    }
    (videoRef.current as WebkitVideo | null)?.webkitEnterFullscreen?.();
  };

  return { fullscreen, toggleFullscreen };
}
