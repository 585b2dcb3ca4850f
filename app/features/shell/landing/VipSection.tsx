import { Link } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { VipPricePerMonth } from "../VipPrice";
import { Icon } from "../../../components/Icon";

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
  { key: "early", icon: "music", title: benefits.earlyTitle, body: benefits.earlyBody },
  { key: "exclusive", icon: "star", title: benefits.exclusiveTitle, body: benefits.exclusiveBody },
  { key: "priority", icon: "ticket", title: benefits.priorityTitle, body: benefits.priorityBody },
  { key: "merch", icon: "gift", title: benefits.merchTitle, body: benefits.merchBody },
] as const;

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
          </li>
        ))}
      </ul>
      <div className="section-actions">
        <Link to="/vip-signup" className="btn btn-primary btn-lg">
          <FormattedMessage id="home.vip.join" defaultMessage="Join VIP" />
        </Link>
        <p className="muted">
          <VipPricePerMonth />
        </p>
      </div>
    </section>
  );
}
