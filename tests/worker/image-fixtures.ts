// Tiny real images as bytes, for the upload tests. The PNG, GIF and WebP are well-formed 1x1
// images (chunk CRCs and RIFF size check out); the JPEG is a 1x1 grey baseline JPEG assembled
// marker by marker.
const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));

export const PNG_1X1 = fromBase64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");
export const GIF_1X1 = fromBase64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");
export const WEBP_1X1 = fromBase64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");
export const JPEG_1X1 = new Uint8Array([
  ...[0xff, 0xd8], // SOI
  ...[0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00], // APP0 JFIF
  ...[0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(1)], // DQT, table 0
  ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00], // SOF0 1x1, one component
  ...[0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, ...new Array<number>(15).fill(0), 0x00], // DHT DC 0: one code for category 0
  ...[0xff, 0xc4, 0x00, 0x14, 0x10, 0x01, ...new Array<number>(15).fill(0), 0x00], // DHT AC 0: one code for EOB
  ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00], // SOS
  0x3f, // DC diff 0, EOB, padded with ones
  ...[0xff, 0xd9], // EOI
]);

/** A PNG's signature and IHDR (1x1) padded with zeros to `size` bytes. */
export function pngSized(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_1X1.subarray(0, 33));
  return bytes;
}

/** A copy of a 1x1 image whose header claims `width` x `height`, written the format's way. */
export function claimingSize(kind: "png" | "gif" | "jpeg" | "webp", width: number, height: number): Uint8Array {
  const source = { png: PNG_1X1, gif: GIF_1X1, jpeg: JPEG_1X1, webp: WEBP_1X1 }[kind];
  const bytes = source.slice();
  const view = new DataView(bytes.buffer);
  if (kind === "png") {
    view.setUint32(16, width);
    view.setUint32(20, height);
  } else if (kind === "gif") {
    view.setUint16(6, width, true);
    view.setUint16(8, height, true);
  } else if (kind === "jpeg") {
    const sof = bytes.findIndex((b, i) => b === 0xff && bytes[i + 1] === 0xc0);
    view.setUint16(sof + 5, height);
    view.setUint16(sof + 7, width);
  } else {
    // VP8L: 14-bit width-1 and height-1 packed little-endian after the 0x2f signature byte.
    const bits = (width - 1) | ((height - 1) << 14) | (view.getUint32(21, true) & 0xf0000000);
    view.setUint32(21, bits >>> 0, true);
  }
  return bytes;
}
