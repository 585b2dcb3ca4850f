// The "between channels" static of the radio and TV players (docs/features.md#radio-and-tv: 2 seconds of noise on a
// change). Random grey pixels on a small canvas scaled up, redrawn every frame; with reduced
// motion, one still frame. Decorative: the player announces the change in words.
import { useEffect, useRef } from "react";

const WIDTH = 160;
const HEIGHT = 90;

function drawNoise(context: CanvasRenderingContext2D, image: ImageData) {
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const v = (Math.random() * 255) | 0;
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
    data[i + 3] = 255;
  }
  context.putImageData(image, 0, 0);
}

export function StaticNoise({ className }: { className?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let context: CanvasRenderingContext2D | null = null;
    try {
      context = ref.current?.getContext("2d") ?? null;
    } catch {
      context = null; // no canvas (test DOMs): the CSS background stands in
    }
    if (!context) return;
    const image = context.createImageData(WIDTH, HEIGHT);
    drawNoise(context, image);
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let frame = requestAnimationFrame(function loop() {
      drawNoise(context, image);
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <canvas
      ref={ref}
      className={className ? `static-noise ${className}` : "static-noise"}
      width={WIDTH}
      height={HEIGHT}
      aria-hidden="true"
      data-testid="static-noise"
    />
  );
}
