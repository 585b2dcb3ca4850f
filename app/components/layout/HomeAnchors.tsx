// In-page links to the landing sections; the header shows them only on the home page.
import { FormattedMessage } from "react-intl";
import { navMessages } from "./navMessages";

export const HOME_SECTIONS = [
  { id: "music", label: navMessages.anchorMusic },
  { id: "vip", label: navMessages.anchorVip },
  { id: "bio", label: navMessages.anchorBio },
  { id: "events", label: navMessages.anchorEvents },
  { id: "about", label: navMessages.anchorAbout },
  { id: "contact", label: navMessages.anchorContact },
] as const;

export function HomeAnchors({ onNavigate, className = "nav-link" }: { onNavigate?: () => void; className?: string }) {
  return (
    <>
      {HOME_SECTIONS.map((section) => (
        <a key={section.id} href={`#${section.id}`} className={className} onClick={onNavigate}>
          <FormattedMessage {...section.label} />
        </a>
      ))}
    </>
  );
}
