// /music/catalog: the grid of the 30 built-in albums and singles.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Suspense } from "react";
import { FormattedMessage } from "react-intl";
import type { AlbumSummary } from "#contracts/music/music.ts";
import { PageFrame } from "../../../components/PageFrame";
import { QueryState } from "../../../components/QueryState";
import { albumsQueryOptions } from "../queries";
import { Cover } from "./Cover";
import { musicMessages } from "./messages";
import { isComing, ReleaseNote } from "./ReleaseNote";
import { CATALOG_EAGER_COVERS } from "#contracts/first-load.ts";
import "./music.css";

/**
 * Album cards per Suspense boundary: hydrating the server's grid, React takes each group in a
 * pass (and a commit) of its own, so no single task hydrates all 30 cards.
 */
const CARDS_PER_PASS = 6;

export function CatalogPage() {
  const albums = useQuery(albumsQueryOptions());
  return (
    <PageFrame title={<FormattedMessage {...musicMessages.catalogTitle} />} intro={<FormattedMessage {...musicMessages.catalogIntro} />}>
      <QueryState
        query={albums}
        loading={<FormattedMessage {...musicMessages.loading} />}
        failed={<FormattedMessage {...musicMessages.loadFailed} />}
        retry={<FormattedMessage {...musicMessages.retry} />}
      >
        {(data) => (
          <ul className="album-grid">
            {groupsOf(data.albums, CARDS_PER_PASS).map((group, g) => (
              <Suspense key={group[0]!.id}>
                {group.map((album, i) => (
                  <li key={album.id}>
                    <AlbumCard album={album} eager={g * CARDS_PER_PASS + i < CATALOG_EAGER_COVERS} />
                  </li>
                ))}
              </Suspense>
            ))}
          </ul>
        )}
      </QueryState>
    </PageFrame>
  );
}

const groupsOf = <T,>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export const AlbumTypeLabel = ({ type }: { type: AlbumSummary["type"] }) => (
  <FormattedMessage {...(type === "Album" ? musicMessages.typeAlbum : musicMessages.typeSingle)} />
);

function AlbumCard({ album, eager }: { album: AlbumSummary; eager: boolean }) {
  return (
    <Link to="/music/catalog/$id" params={{ id: album.id }} className="album-card">
      <Cover url={album.coverUrl} title={album.title} size={300} eager={eager} />
      <span className="album-card-body">
        <span className="album-card-title">{album.title}</span>
        <span className="album-card-meta">
          {!isComing(album) && <>{album.year} · </>}
          <AlbumTypeLabel type={album.type} />
        </span>
        <ReleaseNote item={album} />
        <span className="album-card-count">
          {album.trackCount > 0 ? (
            <FormattedMessage {...musicMessages.trackCount} values={{ count: album.trackCount }} />
          ) : (
            <FormattedMessage {...musicMessages.comingSoon} />
          )}
        </span>
        {album.trackCount > 0 && (
          <span className="album-card-play" aria-hidden="true">
            ▶ <FormattedMessage {...musicMessages.playAlbum} />
          </span>
        )}
      </span>
    </Link>
  );
}
