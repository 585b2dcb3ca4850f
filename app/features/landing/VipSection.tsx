import { Link } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { VipPricePerMonth } from "../../components/VipPrice";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import { Icon } from "../../components/Icon";
import { BenefitLinks } from "../../components/BenefitLinks";

const access = defineMessages({
  admin: { id: "home.vip.adminIncluded", defaultMessage: "Your admin account includes every VIP benefit." },
  member: { id: "home.vip.memberIncluded", defaultMessage: "You're a VIP member: every benefit is yours." },
  goToMusic: { id: "home.vip.goToMusic", defaultMessage: "Go to the music" },
});

const benefits = defineMessages({
  earlyTitle: { id: "home.vip.early.title", defaultMessage: "Early Access to Music" },
  earlyBody: { id: "home.vip.early.body", defaultMessage: "Hear new releases and remixes before anyone else." },
  exclusiveTitle: { id: "home.vip.exclusive.title", defaultMessage: "Exclusive Content" },
  exclusiveBody: { id: "home.vip.exclusive.body", defaultMessage: "The full catalog, the radio and TV channels, and behind-the-scenes videos." },
  priorityTitle: { id: "home.vip.priority.title", defaultMessage: "Priority Tickets & VIP Sections" },
  priorityBody: { id: "home.vip.priority.body", defaultMessage: "Get tickets first and enjoy the VIP areas at live shows." },
  merchTitle: { id: "home.vip.merch.title", defaultMessage: "Special Merchandise" },
  merchBody: { id: "home.vip.merch.body", defaultMessage: "Members-only merchandise and limited editions." },
});

const BENEFITS = [
  { key: "early", icon: "music", title: benefits.earlyTitle, body: benefits.earlyBody, places: ["music"] },
  { key: "exclusive", icon: "star", title: benefits.exclusiveTitle, body: benefits.exclusiveBody, places: ["music"] },
  { key: "priority", icon: "ticket", title: benefits.priorityTitle, body: benefits.priorityBody, places: ["presales", "pass"] },
  { key: "merch", icon: "gift", title: benefits.merchTitle, body: benefits.merchBody, places: ["perks", "parties"] },
] as const;

/** Join for those who cannot use VIP content yet; a note and the way in for VIP members and admins. */
function VipActions() {
  const { user } = useSessionUser();
  if (user && canUseVipContent(user)) {
    return (
      <div className="section-actions">
        <p className="success-banner" role="status">
          <FormattedMessage {...(user.isVIP ? access.member : access.admin)} />
        </p>
        <Link to="/music" className="btn btn-primary btn-lg">
          <FormattedMessage {...access.goToMusic} />
        </Link>
      </div>
    );
  }
  return (
    <div className="section-actions">
      <Link to="/vip-signup" className="btn btn-primary btn-lg">
        <FormattedMessage id="home.vip.join" defaultMessage="Join VIP" />
      </Link>
      <p className="muted">
        <VipPricePerMonth />
      </p>
    </div>
  );
}

export function VipSection() {
  return (
    <section id="vip" className="landing-section section-alt" aria-labelledby="vip-title">
      <header className="section-head">
        <h2 id="vip-title">
          <FormattedMessage id="home.vip.title" defaultMessage="VIP Membership" />
        </h2>
        <p className="section-intro">
          <FormattedMessage id="home.vip.intro" defaultMessage="Get closer to the music with benefits made for true fans." />
        </p>
      </header>
      <ul className="grid grid-4">
        {BENEFITS.map((benefit) => (
          <li key={benefit.key} className="card benefit-card">
            <Icon name={benefit.icon} size={32} className="benefit-icon" />
            <h3>
              <FormattedMessage {...benefit.title} />
            </h3>
            <p className="muted">
              <FormattedMessage {...benefit.body} />
            </p>
            <BenefitLinks places={benefit.places} />
          </li>
        ))}
      </ul>
      <VipActions />
    </section>
  );
}
