// The Albums tab: every album in catalog order with its cover, each expandable to its tracks; add,
// edit, reorder and delete albums and tracks; covers and audio through their upload dialogs.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import type { AdminAlbum, AdminAlbumsResponse } from "#contracts/music/admin-catalog.ts";
import { AlbumDialog } from "./AlbumDialog";
import type { AlbumsDialog } from "./albumsDialog";
import { AlbumRow } from "./AlbumRow";
import { AudioDialog } from "./AudioDialog";
import { MasterDialog } from "./MasterDialog";
import { DetailsDialog } from "./DetailsDialog";
import { CatalogListPanel } from "./CatalogListPanel";
import { ConfirmDelete } from "./ConfirmDelete";
import { ImageDialog } from "./MediaDialog";
import { TrackDialog } from "./TrackDialog";
import { catalogMessages as m } from "./messages";
import { albumsQueryOptions, catalogApi } from "./queries";
import { useReorder } from "./useReorder";

export function AlbumsPanel({ openAlbumId = null }: { openAlbumId?: string | null }) {
  const intl = useIntl();
  const query = useQuery(albumsQueryOptions());
  const [dialog, setDialog] = useState<AlbumsDialog | null>(null);
  const close = () => setDialog(null);
  const reorder = useReorder<AdminAlbum, AdminAlbumsResponse>({
    list: "albums",
    queryKey: albumsQueryOptions().queryKey,
    items: (data) => data.albums,
    withItems: (data, albums) => ({ ...data, albums: albums.map((a, i) => ({ ...a, position: i })) }),
    idOf: (a) => a.id,
    nameOf: (a) => a.title,
    save: (ids) => catalogApi.put("/albums/order", { ids }),
  });

  return (
    <QueryState
      query={query}
      loading={intl.formatMessage(m.commonLoading)}
      failed={intl.formatMessage(m.commonLoadFailed)}
      retry={intl.formatMessage(m.commonRetry)}
    >
      {({ albums }) => (
        <CatalogListPanel
          items={albums}
          reorder={reorder}
          addLabel={intl.formatMessage(m.albumsAdd)}
          onAdd={() => setDialog({ kind: "album" })}
          empty={{ icon: "disc", title: intl.formatMessage(m.albumsEmpty), hint: intl.formatMessage(m.albumsEmptyHint) }}
          renderItem={(album, index) => (
            <AlbumRow album={album} index={index} count={albums.length} onMove={reorder.move} onOpen={setDialog} opened={album.id === openAlbumId} />
          )}
        >
          {dialog && <AlbumsDialogView dialog={dialog} onClose={close} />}
        </CatalogListPanel>
      )}
    </QueryState>
  );
}

function AlbumsDialogView({ dialog, onClose }: { dialog: AlbumsDialog; onClose: () => void }) {
  const intl = useIntl();
  switch (dialog.kind) {
    case "album":
      return <AlbumDialog album={dialog.album} onClose={onClose} />;
    case "cover":
      return (
        <ImageDialog
          title={intl.formatMessage(m.mediaCoverTitle, { name: dialog.album.title })}
          list="albums"
          path={`/albums/${dialog.album.id}/cover`}
          currentUrl={dialog.album.coverUrl}
          onClose={onClose}
        />
      );
    case "deleteAlbum":
      return (
        <ConfirmDelete
          title={intl.formatMessage(m.albumDeleteTitle)}
          question={intl.formatMessage(m.albumDeleteConfirm, { title: dialog.album.title, count: dialog.album.tracks.length })}
          list="albums"
          remove={() => catalogApi.delete(`/albums/${dialog.album.id}`)}
          onClose={onClose}
        />
      );
    case "track":
      return <TrackDialog albumId={dialog.albumId} track={dialog.track} onClose={onClose} />;
    case "audio":
      return <AudioDialog track={dialog.track} onClose={onClose} />;
    case "master":
      return <MasterDialog track={dialog.track} onClose={onClose} />;
    case "details":
      return <DetailsDialog track={dialog.track} onClose={onClose} />;
    case "deleteTrack":
      return (
        <ConfirmDelete
          title={intl.formatMessage(m.trackDeleteTitle)}
          question={intl.formatMessage(m.trackDeleteConfirm, { title: dialog.track.title })}
          list="albums"
          remove={() => catalogApi.delete(`/tracks/${dialog.track.id}`)}
          onClose={onClose}
        />
      );
  }
}
