// The camera half of the door: a <video> from the back camera, read a few times a second until a
// QR code turns up. The camera starts only when asked (a tap), and stops on Stop, when the page is
// left, and when the browser takes it away. While `paused` (an answer on screen) frames are not read.
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { createDecoder, type FrameDecoder } from "./decoder";
import { checkInMessages as m } from "./messages";

type State = "idle" | "starting" | "scanning" | "denied" | "unavailable" | "failed";

/** Time between two frames read: enough for a held-up pass, light on a phone's battery. */
const FRAME_GAP_MS = 200;

export function Scanner({ paused, onRead }: { paused: boolean; onRead: (text: string) => void }) {
  const intl = useIntl();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<State>("idle");
  // Latest props for the read loop, which outlives renders.
  const latest = useRef({ paused, onRead });
  useEffect(() => {
    latest.current = { paused, onRead };
  });

  const stop = () => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState("idle");
  };

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState("unavailable");
      return;
    }
    setState("starting");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) return stream.getTracks().forEach((track) => track.stop());
      // The browser may end the camera itself (another app takes it, permission revoked).
      stream.getVideoTracks()[0]?.addEventListener("ended", stop);
      video.srcObject = stream;
      await video.play();
      setState("scanning");
    } catch (error) {
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
      const name = error instanceof DOMException ? error.name : "";
      setState(name === "NotAllowedError" || name === "SecurityError" ? "denied" : name === "NotFoundError" ? "unavailable" : "failed");
    }
  };

  // The read loop runs while the camera does.
  useEffect(() => {
    if (state !== "scanning") return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let decode: FrameDecoder | null = null;
    const tick = async () => {
      if (cancelled) return;
      const video = videoRef.current;
      try {
        decode ??= await createDecoder();
        if (!cancelled && video && !latest.current.paused && video.readyState >= 2) {
          const text = await decode(video);
          if (text && !cancelled) latest.current.onRead(text);
        }
      } catch {
        if (!cancelled) setState("failed");
        return;
      }
      if (!cancelled) timer = setTimeout(() => void tick(), FRAME_GAP_MS);
    };
    void tick();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [state]);

  // Leaving the page turns the camera off.
  useEffect(() => () => streamRef.current?.getTracks().forEach((track) => track.stop()), []);

  const problem = state === "denied" ? m.scanDenied : state === "unavailable" ? m.scanUnavailable : state === "failed" ? m.scanFailed : null;
  const running = state === "scanning" || state === "starting";

  return (
    <div className="check-in-scanner">
      <div className="check-in-video" hidden={!running}>
        <video ref={videoRef} muted playsInline aria-label={intl.formatMessage(m.scanVideoLabel)} />
        <span className="check-in-frame" aria-hidden="true" />
      </div>
      {state === "starting" && <p role="status">{intl.formatMessage(m.scanStarting)}</p>}
      {state === "scanning" && <p className="muted">{intl.formatMessage(m.scanHint)}</p>}
      {problem && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(problem)}
        </p>
      )}
      {running ? (
        <button type="button" className="btn" onClick={stop}>
          {intl.formatMessage(m.scanStop)}
        </button>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => void start()}>
          {intl.formatMessage(m.scanStart)}
        </button>
      )}
    </div>
  );
}
