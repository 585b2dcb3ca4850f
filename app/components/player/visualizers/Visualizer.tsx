// The player's live visualizer: a canvas filling its container, redrawn every animation frame from
// the audio analyser. Style and theme changes take effect on the next frame without restarting the
// loop. The loop stops while the tab is hidden or when the system asks for reduced motion; then a
// single still frame is drawn. Without an analyser (nothing playing yet, or no VIP access) it shows
// a gentle idle animation with a flat waveform.
import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import { ANALYSER_FFT_SIZE, createParticles, drawVisualizer, fillIdleData, PARTICLE_COUNT, type CanvasSize, type VisualizerData } from "./draw";
import { styleNames, visualizerLabelMessage } from "./messages";
import { THEMES, type ThemeName, type VisualizerStyle } from "./themes";
import "./visualizer.css";

export type VisualizerProps = {
  /** The player's analyser, or null when there is nothing to listen to. */
  analyser: AnalyserNode | null;
  style: VisualizerStyle;
  theme: ThemeName;
  className?: string;
};

/** Sharper than 2x costs fill rate for no visible gain on a moving picture. */
const MAX_PIXEL_RATIO = 2;
/** A long pause (background tab, debugger) must not make particles jump. */
const MAX_STEP_SECONDS = 0.05;

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window.matchMedia === "function" ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
}

/** The canvas's 2D context; null where there is none (no canvas support, test DOMs). */
function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  try {
    return canvas.getContext("2d");
  } catch {
    return null;
  }
}

export function Visualizer({ analyser, style, theme, className }: VisualizerProps) {
  const intl = useIntl();
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // What the loop reads each frame; kept in a ref so prop changes do not restart it.
  const inputs = useRef({ analyser, style, theme });
  // Repaints the still frame while paused (set by the loop effect).
  const repaintStill = useRef<() => void>(() => {});

  useEffect(() => {
    inputs.current = { analyser, style, theme };
    repaintStill.current();
  }, [analyser, style, theme]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const wrap = wrapRef.current;
    if (!canvas || !wrap) return;
    const ctx = context2d(canvas);
    if (!ctx) return;

    // Allocated once (and again only if the analyser's sizes change), reused every frame.
    let frequency: Uint8Array<ArrayBuffer> = new Uint8Array(ANALYSER_FFT_SIZE / 2);
    let timeDomain: Uint8Array<ArrayBuffer> = new Uint8Array(ANALYSER_FFT_SIZE).fill(128);
    const data: VisualizerData = { frequency, timeDomain };
    const size: CanvasSize = { width: 1, height: 1 };
    const particles = createParticles(PARTICLE_COUNT, Math.random);
    const motion = reducedMotionQuery();
    let raf = 0;
    let lastTime = 0;
    let clock = 0;

    const sample = (source: AnalyserNode | null, t: number) => {
      if (!source) {
        fillIdleData(data, t);
        return;
      }
      if (frequency.length !== source.frequencyBinCount) data.frequency = frequency = new Uint8Array(source.frequencyBinCount);
      if (timeDomain.length !== source.fftSize) data.timeDomain = timeDomain = new Uint8Array(source.fftSize);
      source.getByteFrequencyData(frequency);
      source.getByteTimeDomainData(timeDomain);
    };

    const paint = (dt: number, t: number) => {
      const { analyser: source, style: current, theme: themeName } = inputs.current;
      sample(source, t);
      drawVisualizer(ctx, current, size, data, THEMES[themeName], particles, dt);
    };

    const isPaused = () => document.hidden || !!motion?.matches;

    const frame = (now: number) => {
      const dt = lastTime ? Math.min(MAX_STEP_SECONDS, (now - lastTime) / 1000) : 1 / 60;
      lastTime = now;
      clock += dt;
      paint(dt, clock);
      raf = requestAnimationFrame(frame);
    };

    const stop = () => {
      if (raf) cancelAnimationFrame(raf);
      raf = 0;
      lastTime = 0;
    };

    /** Runs the loop, or stops it and leaves a still frame. */
    const update = () => {
      if (isPaused()) {
        stop();
        paint(0, 0);
      } else if (!raf) {
        raf = requestAnimationFrame(frame);
      }
    };

    const measure = () => {
      const rect = wrap.getBoundingClientRect();
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      size.width = Math.max(1, Math.round(rect.width));
      size.height = Math.max(1, Math.round(rect.height));
      canvas.width = Math.round(size.width * ratio);
      canvas.height = Math.round(size.height * ratio);
      // Drawings use CSS pixels; the transform maps them to device pixels.
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    };

    const resize = () => {
      measure();
      // Resizing clears the canvas: a paused visualizer repaints at once.
      if (isPaused()) paint(0, 0);
    };

    repaintStill.current = () => {
      if (isPaused()) paint(0, 0);
    };

    measure();
    update();

    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(resize) : null;
    if (observer) observer.observe(wrap);
    else window.addEventListener("resize", resize);
    document.addEventListener("visibilitychange", update);
    motion?.addEventListener("change", update);

    return () => {
      stop();
      repaintStill.current = () => {};
      if (observer) observer.disconnect();
      else window.removeEventListener("resize", resize);
      document.removeEventListener("visibilitychange", update);
      motion?.removeEventListener("change", update);
    };
  }, []);

  const label = intl.formatMessage(visualizerLabelMessage, { style: intl.formatMessage(styleNames[style]) });
  return (
    <div ref={wrapRef} className={className ? `visualizer ${className}` : "visualizer"}>
      <canvas ref={canvasRef} role="img" aria-label={label} className="visualizer-canvas" />
    </div>
  );
}
