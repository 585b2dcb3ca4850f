// The six VIP benefits of the sign-up page (spec 2.9: early access, exclusive content, virtual meets, priority, events, perks).
import { FormattedMessage } from "react-intl";
import { Icon } from "../../components/Icon";
import { benefitMessages as m } from "./messages";

const BENEFITS = [
  { key: "early", icon: "music", title: m.earlyTitle, body: m.earlyBody },
  { key: "exclusive", icon: "star", title: m.exclusiveTitle, body: m.exclusiveBody },
  { key: "meets", icon: "video", title: m.meetsTitle, body: m.meetsBody },
  { key: "priority", icon: "ticket", title: m.priorityTitle, body: m.priorityBody },
  { key: "events", icon: "calendar", title: m.eventsTitle, body: m.eventsBody },
  { key: "perks", icon: "gift", title: m.perksTitle, body: m.perksBody },
] as const;

export function BenefitCards() {
  return (
    <ul className="grid grid-3 vip-benefits">
      {BENEFITS.map((b) => (
        <li key={b.key} className="card benefit-card">
          <Icon name={b.icon} size={28} className="benefit-icon" />
          <h3>
            <FormattedMessage {...b.title} />
          </h3>
          <p className="muted">
            <FormattedMessage {...b.body} />
          </p>
        </li>
      ))}
    </ul>
  );
}
