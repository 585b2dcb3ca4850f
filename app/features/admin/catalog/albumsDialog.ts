// The dialogs the albums tab opens over itself. The panel shows them; its rows and track lists
// ask for them, so the type lives apart from all three.
import type { AdminAlbum, AdminTrack } from "#contracts/music/admin-catalog.ts";

/** The dialog open over the tab, if any. */
export type AlbumsDialog =
  | { kind: "album"; album?: AdminAlbum }
  | { kind: "cover"; album: AdminAlbum }
  | { kind: "deleteAlbum"; album: AdminAlbum }
  | { kind: "track"; albumId: string; track?: AdminTrack }
  | { kind: "audio"; track: AdminTrack }
  | { kind: "master"; track: AdminTrack }
  | { kind: "details"; track: AdminTrack }
  | { kind: "deleteTrack"; track: AdminTrack };
