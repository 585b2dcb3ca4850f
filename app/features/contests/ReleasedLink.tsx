// "Released" under an entry the artist published into the catalog (decision 197), with a link to its
// track and, when it is sold, to the store's offer. The contest's releases are read once for the
// page (one query every entry shares); an entry that is not released, or a failed read, shows nothing.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { releasedMessages as m } from "./messages";
import { contestReleasesQueryOptions } from "./queries";

export function ReleasedLink({ contestId, entryId }: { contestId: string; entryId: string }) {
  const intl = useIntl();
  const release = useQuery(contestReleasesQueryOptions(contestId)).data?.releases.find((r) => r.entryId === entryId);
  if (!release) return null;
  return (
    <p className="contest-released">
      <span className="badge">{intl.formatMessage(m.released)}</span>{" "}
      <Link to="/music/track/$trackId" params={{ trackId: release.trackId }}>
        {intl.formatMessage(m.listen, { title: release.title })}
      </Link>
      {release.product && (
        <>
          {" · "}
          <Link to="/store/$product" params={{ product: release.product.slug }}>
            {intl.formatMessage(m.buy, { title: release.title })}
          </Link>
        </>
      )}
    </p>
  );
}
