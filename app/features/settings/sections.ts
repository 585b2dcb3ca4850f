// The sections of /settings, in page order. To add one (e-mail change, language, notification
// preferences...), write its component in this folder, give it a title in messages.ts and the
// two catalogs, and append an entry here: the page renders each as its own titled <section>.
import type { ComponentType } from "react";
import type { MessageDescriptor } from "react-intl";
import { DevicesSection } from "./DevicesSection";
import { PasswordSection } from "./PasswordSection";
import { EmailSection, emailSectionMessages } from "./EmailSection";
import { LanguageSection, languageSectionMessages } from "./LanguageSection";
import { settingsMessages as m } from "./messages";
import { DataExportSection, dataExportMessages } from "./DataExportSection";
import { DeleteAccountSection, deleteAccountMessages } from "./DeleteAccountSection";
import { NotificationsSection, notificationsSectionMessages } from "./NotificationsSection";
import { NewsletterSection, newsletterSectionMessages } from "./NewsletterSection";

export type SettingsSection = {
  /** Unique: the section's anchor (/settings#devices) and heading id. */
  id: string;
  title: MessageDescriptor;
  Component: ComponentType;
};

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: "password", title: m.passwordTitle, Component: PasswordSection },
  { id: "devices", title: m.devicesTitle, Component: DevicesSection },
  { id: "email", title: emailSectionMessages.title, Component: EmailSection },
  { id: "language", title: languageSectionMessages.title, Component: LanguageSection },
  { id: "notifications", title: notificationsSectionMessages.title, Component: NotificationsSection },
  { id: "newsletter", title: newsletterSectionMessages.title, Component: NewsletterSection },
  { id: "data-export", title: dataExportMessages.title, Component: DataExportSection },
  { id: "delete-account", title: deleteAccountMessages.title, Component: DeleteAccountSection },
];
