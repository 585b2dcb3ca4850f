// The contest's stems, as the Worker's answer says the viewer may have them: a member who passes the
// stems gate gets the ZIP's link with its number of files and size, a visitor is asked to sign in,
// and a member outside the gate is told who may. Nothing shows before the stems are uploaded.
import { useIntl } from "react-intl";
import { Link } from "@tanstack/react-router";
import { formatSize } from "../../lib/fileSize";
import type { ContestEnterGate, PublicContest } from "#contracts/contests/contests.ts";
import { contestMessages as m } from "./messages";
import { useRefreshContest } from "./queries";

export const stemsZipPath = (contestId: string) => `/api/contests/${encodeURIComponent(contestId)}/stems.zip`;

function gateText(intl: ReturnType<typeof useIntl>, gate: ContestEnterGate): string {
  if (gate.access === "tier" && gate.tierName) return intl.formatMessage(m.stemsGateTier, { tier: gate.tierName });
  return intl.formatMessage(gate.access === "ticket" ? m.stemsGateTicket : m.stemsNotAllowed);
}

export function StemsSection({ contest }: { contest: PublicContest }) {
  const intl = useIntl();
  const refresh = useRefreshContest(contest.id);
  const { files, bytes } = contest.stems;
  if (files === 0) return null;
  const { canDownloadStems, stemsRefusal, stemsGate, stemDownloadsLeft } = contest.rights;
  return (
    <section aria-labelledby="contest-stems" className="contest-stems">
      <h2 id="contest-stems">{intl.formatMessage(m.stemsTitle)}</h2>
      {canDownloadStems && stemDownloadsLeft === 0 ? (
        <p className="contest-stems-refusal">{intl.formatMessage(m.stemsUsedUp)}</p>
      ) : canDownloadStems ? (
        <>
          <p>
            {/* The browser downloads the stream itself; the count left is read again once it asked. */}
            <a className="btn" href={stemsZipPath(contest.id)} download onClick={() => void refresh()}>
              {intl.formatMessage(m.stemsDownload, { files, size: formatSize(intl, bytes) })}
            </a>
          </p>
          <p className="contest-stems-note">
            {intl.formatMessage(m.stemsNote)} {intl.formatMessage(m.stemsLeft, { count: stemDownloadsLeft })}
          </p>
        </>
      ) : stemsRefusal === "unauthorized" ? (
        <p>
          {intl.formatMessage(m.stemsSignIn)}{" "}
          <Link to="/social/login" search={{ redirect: `/contests/${contest.id}` }}>
            {intl.formatMessage(m.signInLink)}
          </Link>
        </p>
      ) : (
        <p className="contest-stems-refusal">{gateText(intl, stemsGate)}</p>
      )}
    </section>
  );
}
