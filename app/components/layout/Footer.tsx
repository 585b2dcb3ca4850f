// Site footer (docs/features.md#header-footer-and-popups): description, the news box, quick links, contact, the two social
// networks, rights and copyright (2025 to this year) and the legal, accessibility + VIP links. Hidden on /admin (see __root.tsx).
// The news box belongs to the newsletter feature: the root route passes it in (`newsSignup`).
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { EXTERNAL_LINK } from "../../lib/popups";
import { useSiteConfig } from "../../lib/session/useSession";
import { navMessages } from "./navMessages";

/** The site's first year (the spec's 2025). */
const FIRST_COPYRIGHT_YEAR = 2025;

/**
 * "2025" in its first year, then "2025–2026" and so on: a year written by hand went stale. Text,
 * so it is not formatted as 2,025.
 */
export function copyrightYears(now = new Date()): string {
  const year = now.getUTCFullYear();
  return year > FIRST_COPYRIGHT_YEAR ? `${FIRST_COPYRIGHT_YEAR}–${year}` : String(FIRST_COPYRIGHT_YEAR);
}

// The links' labels are beside them; their Portuguese is each area's site texts (app/features/<area>/site.pt-BR.json).
const m = defineMessages({
  music: { id: "footer.link.music", defaultMessage: "Music" },
  events: { id: "footer.link.events", defaultMessage: "Events" },
  tv: { id: "footer.link.tv", defaultMessage: "TV" },
  radio: { id: "footer.link.radio", defaultMessage: "Radio" },
  social: { id: "footer.link.social", defaultMessage: "Social" },
  privacy: { id: "footer.privacy", defaultMessage: "Privacy Policy" },
  terms: { id: "footer.terms", defaultMessage: "Terms of Service" },
  copyrightNotice: { id: "footer.copyrightNotice", defaultMessage: "Copyright Notice" },
  accessibility: { id: "footer.accessibility", defaultMessage: "Accessibility" },
  vipSignup: { id: "footer.vipSignup", defaultMessage: "VIP Signup" },
  redeem: { id: "footer.redeem", defaultMessage: "Redeem a gift" },
});

const QUICK_LINKS = [
  { to: "/music", label: m.music },
  { to: "/events", label: m.events },
  { to: "/tv", label: m.tv },
  { to: "/radio", label: m.radio },
  { to: "/social", label: m.social },
] as const;

const LEGAL_LINKS = [
  { to: "/privacy", label: m.privacy },
  { to: "/terms", label: m.terms },
  { to: "/copyright", label: m.copyrightNotice },
  { to: "/accessibility", label: m.accessibility },
  { to: "/vip-signup", label: m.vipSignup },
  // Gift VIP: whoever was given a code finds where to use it.
  { to: "/redeem", label: m.redeem },
] as const;

function LinkList({
  className,
  links,
}: {
  className: string;
  links: readonly { to: (typeof QUICK_LINKS | typeof LEGAL_LINKS)[number]["to"]; label: MessageDescriptor }[];
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>
            <FormattedMessage {...link.label} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer({ newsSignup }: { newsSignup?: ReactNode }) {
  const intl = useIntl();
  const config = useSiteConfig();
  const brand = config?.brandName ?? "";

  return (
    <footer className="site-footer">
      <div className="site-footer-grid">
        <section className="footer-about" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="footer-brand">
            {brand}
          </h2>
          <p className="muted">
            <FormattedMessage
              id="footer.description"
              defaultMessage="The official fan community of the artist: freestyle and dance music, radio, TV, events and VIP membership."
            />
          </p>
          {newsSignup && (
            <div className="footer-news">
              <h3 className="footer-heading">
                <FormattedMessage id="footer.news" defaultMessage="Get the news" />
              </h3>
              {newsSignup}
            </div>
          )}
        </section>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-heading">
            <FormattedMessage id="footer.quickLinks" defaultMessage="Quick Links" />
          </h2>
          <LinkList className="footer-list" links={QUICK_LINKS} />
        </nav>

        {/* Not a named region: the landing page's own "Contact" section is the landmark of that
            name (axe landmark-unique), and this column's heading still announces it. */}
        <section>
          <h2 id="footer-contact" className="footer-heading">
            <FormattedMessage id="footer.contact" defaultMessage="Contact" />
          </h2>
          <ul className="footer-list">
            {config?.infoEmail && (
              <li>
                <span className="sr-only">
                  <FormattedMessage id="footer.email" defaultMessage="E-mail:" />{" "}
                </span>
                <a href={`mailto:${config.infoEmail}`}>{config.infoEmail}</a>
              </li>
            )}
            <li>
              <span className="sr-only">
                <FormattedMessage id="footer.locationLabel" defaultMessage="Location:" />{" "}
              </span>
              <FormattedMessage id="footer.location" defaultMessage="Global" />
            </li>
          </ul>
        </section>

        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="footer-heading">
            <FormattedMessage id="footer.follow" defaultMessage="Follow" />
          </h2>
          {config && (
            <ul className="footer-social">
              <li>
                <a href={config.socialUrls.facebook} {...EXTERNAL_LINK} className="social-link">
                  <span aria-hidden="true" className="social-icon">
                    f
                  </span>
                  <FormattedMessage id="footer.social.facebook" defaultMessage="Facebook" />
                  <span className="sr-only"> {intl.formatMessage(navMessages.opensNewTab)}</span>
                </a>
              </li>
              <li>
                <a href={config.socialUrls.instagram} {...EXTERNAL_LINK} className="social-link">
                  <span aria-hidden="true" className="social-icon">
                    ◎
                  </span>
                  <FormattedMessage id="footer.social.instagram" defaultMessage="Instagram" />
                  <span className="sr-only"> {intl.formatMessage(navMessages.opensNewTab)}</span>
                </a>
              </li>
            </ul>
          )}
        </section>
      </div>

      <div className="site-footer-bottom">
        <p className="muted">
          <FormattedMessage id="footer.copyright" defaultMessage="© {year} {brand}." values={{ year: copyrightYears(), brand }} />{" "}
          <FormattedMessage id="footer.rights" defaultMessage="All rights reserved." />
        </p>
        <LinkList className="footer-legal" links={LEGAL_LINKS} />
      </div>
    </footer>
  );
}
