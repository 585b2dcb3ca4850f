// The body of /settings: one titled section per entry of SETTINGS_SECTIONS (sections.ts).
import { FormattedMessage, useIntl } from "react-intl";
import SettingsMessages from "./messages?feature";
import { settingsMessages as m } from "./messages";
import { SETTINGS_SECTIONS } from "./sections";
import "./settings.css";

export function SettingsPage() {
  return (
    <SettingsMessages>
      <SettingsSections />
    </SettingsMessages>
  );
}

function SettingsSections() {
  const intl = useIntl();
  return (
    <div className="settings-page" aria-label={intl.formatMessage(m.sectionsLabel)} role="group">
      {SETTINGS_SECTIONS.map(({ id, title, Component }) => (
        <section key={id} id={id} className="card settings-section" aria-labelledby={`settings-${id}-title`}>
          <h2 id={`settings-${id}-title`}>
            <FormattedMessage {...title} />
          </h2>
          <Component />
        </section>
      ))}
    </div>
  );
}
