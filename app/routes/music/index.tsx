import { createFileRoute, Link } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { VipGate } from "../../components/Gate";
import { PageFrame } from "../../components/PageFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/music/")({ component: MusicHub });

const meta = defineMessages({
  title: { id: "meta.music.title", defaultMessage: "Music Hub" },
  description: {
    id: "meta.music.description",
    defaultMessage: "Stream the artist's catalog, build playlists and keep your favorite tracks in the {brand} Music Hub.",
  },
});

/** Everyone may open the hub; the player area is for VIP members and admins. */
function MusicHub() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.music.title" defaultMessage="Music Hub" />}
      intro={<FormattedMessage id="pages.music.intro" defaultMessage="Stream the artist's catalog, build playlists and keep your favorites." />}
    >
      <p>
        <Link to="/music/catalog" className="btn btn-ghost btn-sm">
          <FormattedMessage id="pages.music.browseCatalog" defaultMessage="Browse the Music Catalog" />
        </Link>
      </p>
      <VipGate>
        <ComingSoon what={<FormattedMessage id="pages.music.playerSoon" defaultMessage="The music player is on its way." />} />
      </VipGate>
    </PageFrame>
  );
}
