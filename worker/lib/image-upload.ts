// The checks every uploaded picture passes (avatars, posts' pictures, rooms' pictures): a
// multipart body read within its cap, the type from the file's magic bytes (never its name or
// declared type), sane dimensions, and a random name chosen by the server.
import { badRequest, routeError } from "./errors";
import { readBoundedBody } from "./bounded-body";
import { detectImageType, readImageSize, IMAGE_SNIFF_BYTES } from "./images";
import { IMAGE_MAX_SIDE_PX } from "#contracts/limits.ts";
import { PROFILE_MESSAGES } from "#contracts/profiles.ts";

/** Room for the multipart boundaries and part headers around a file of the maximum size. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const notImage = () => badRequest(PROFILE_MESSAGES.notImage, "not_image");

/** The uploaded file in `field`, or a 400 when the body is not multipart or the field is missing. */
export async function readUploadedFile(request: Request, field: string, maxBodyBytes: number, tooLarge: () => Error): Promise<File> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw notImage();
  const body = await readBoundedBody(request.body, maxBodyBytes, tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw routeError("invalid_upload");
  }
  const file = form.get(field);
  if (!(file instanceof File)) throw notImage();
  return file;
}

/** The file's bytes and kind, if it is a JPEG/PNG/GIF/WebP of sane dimensions; else a 400. */
export async function checkedImage(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES));
  if (!kind) throw notImage();
  const size = readImageSize(bytes, kind);
  if (!size || size.width === 0 || size.height === 0) throw notImage();
  if (size.width > IMAGE_MAX_SIDE_PX || size.height > IMAGE_MAX_SIDE_PX) {
    throw routeError("image_dimensions", { params: { max: IMAGE_MAX_SIDE_PX } });
  }
  return { bytes, kind, size };
}

/**
 * The picture in `field` of a multipart upload, checked: a body over `maxBytes` (and its
 * multipart overhead) or a file over `maxBytes` is refused with `tooLarge`, anything but a
 * picture with not_image or image_dimensions.
 */
export async function readUploadedImage(request: Request, field: string, maxBytes: number, tooLarge: () => Error) {
  const file = await readUploadedFile(request, field, maxBytes + MULTIPART_OVERHEAD_BYTES, tooLarge);
  if (file.size > maxBytes) throw tooLarge();
  return checkedImage(file);
}

export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}
