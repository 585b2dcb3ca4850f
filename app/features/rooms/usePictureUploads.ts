// The pictures a member attaches to the message being written (decision 110): each uploads at once
// (POST /api/rooms/:id/pictures, with progress) and shows a preview from the file itself; the
// message can go once every attached picture is uploaded. At most ROOM_PICTURES_MAX; a file over
// the size cap is refused here before any upload, and the Worker's refusals are kept per picture.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "../../lib/api";
import { uploadForm } from "../../lib/upload";
import { ROOM_PICTURE_FIELD, ROOM_PICTURE_MAX_BYTES, ROOM_PICTURES_MAX } from "#contracts/rooms/limits.ts";
import type { RoomPictureUploadResponse } from "#contracts/rooms/rooms.ts";

export type AttachedPicture = {
  key: string;
  name: string;
  /** The file's own object URL, for the preview. */
  previewUrl: string;
  /** 0..1 while uploading. */
  progress: number;
  pictureId: string | null;
  /** The refusal's code (not_image, too_large, ...), or network_error. */
  error: string | null;
};

let serial = 0;

export function usePictureUploads(roomId: string) {
  const [pictures, setPictures] = useState<AttachedPicture[]>([]);
  const live = useRef(pictures);
  useEffect(() => {
    live.current = pictures;
  });
  // The previews' object URLs are released with the page.
  useEffect(() => () => live.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);

  const update = (key: string, change: Partial<AttachedPicture>) => setPictures((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const attach = useCallback(
    (files: Iterable<File>) => {
      const room = ROOM_PICTURES_MAX - live.current.length;
      const chosen = [...files].filter((file) => file.type.startsWith("image/")).slice(0, Math.max(0, room));
      const added = chosen.map<AttachedPicture>((file) => ({
        key: `picture-${++serial}`,
        name: file.name,
        previewUrl: URL.createObjectURL(file),
        progress: 0,
        pictureId: null,
        error: file.size > ROOM_PICTURE_MAX_BYTES ? "too_large" : null,
      }));
      setPictures((all) => [...all, ...added]);
      added.forEach((picture, i) => {
        if (picture.error) return;
        const form = new FormData();
        form.append(ROOM_PICTURE_FIELD, chosen[i]!);
        uploadForm<RoomPictureUploadResponse>(`/api/rooms/${encodeURIComponent(roomId)}/pictures`, form, {
          onProgress: ({ loaded, total }) => total > 0 && update(picture.key, { progress: Math.min(1, loaded / total) }),
        }).then(
          (answer) => update(picture.key, { pictureId: answer.pictureId, progress: 1 }),
          (error: unknown) => update(picture.key, { error: error instanceof ApiRequestError ? error.code : "network_error" }),
        );
      });
    },
    [roomId],
  );

  const remove = useCallback((key: string) => {
    setPictures((all) => {
      const gone = all.find((p) => p.key === key);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return all.filter((p) => p.key !== key);
    });
  }, []);

  /** Empties the list once the message went. */
  const clear = useCallback(() => {
    live.current.forEach((p) => URL.revokeObjectURL(p.previewUrl));
    setPictures([]);
  }, []);

  const ready = pictures.every((p) => p.pictureId !== null);
  return { pictures, attach, remove, clear, ready, full: pictures.length >= ROOM_PICTURES_MAX };
}
