// The six VIP benefits of the sign-up page (docs/features.md#payments-and-vip: early access, exclusive content, virtual meets,
// priority, events, perks), each with links to where it lives.
import { FormattedMessage } from "react-intl";
import { BenefitLinks } from "../../components/BenefitLinks";
import { Icon } from "../../components/Icon";
import { benefitMessages as m } from "./messages";

const BENEFITS = [
  { key: "early", icon: "music", title: m.earlyTitle, body: m.earlyBody, places: ["music"] },
  { key: "exclusive", icon: "star", title: m.exclusiveTitle, body: m.exclusiveBody, places: ["music"] },
  { key: "meets", icon: "video", title: m.meetsTitle, body: m.meetsBody, places: ["virtualMeet"] },
  { key: "priority", icon: "ticket", title: m.priorityTitle, body: m.priorityBody, places: ["presales", "pass"] },
  { key: "events", icon: "calendar", title: m.eventsTitle, body: m.eventsBody, places: ["parties"] },
  { key: "perks", icon: "gift", title: m.perksTitle, body: m.perksBody, places: ["perks"] },
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
          <BenefitLinks places={b.places} />
        </li>
      ))}
    </ul>
  );
}
