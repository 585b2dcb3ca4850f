// Reading a QR code from the camera's <video>: the browser's own BarcodeDetector where it has one
// that knows QR codes (Chrome on Android, Safari 17+ behind a flag...), else jsQR on a frame drawn
// into a canvas. jsQR is imported only here, on demand: no other page, and no phone with a
// detector, downloads it.

/** The part of the Shape Detection API used here (TypeScript's DOM types do not have it). */
type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

/** Reads one frame; the QR code's text, or null when there is none in it. */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

/** Frames are scaled down to this width before jsQR reads them: plenty for a pass held up close. */
const MAX_FRAME_WIDTH = 640;

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new Native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsqrDecoder(): Promise<FrameDecoder> {
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("no 2d canvas");
  return async (video) => {
    if (!video.videoWidth) return null;
    const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    // Passes are dark on white: the inverted pass is not worth doubling the work per frame.
    return jsQR(data, width, height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/** The best decoder this browser has. */
export async function createDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? (await jsqrDecoder());
}
