// Visible strings of the account settings page (/settings), in this feature's catalogs.
import { defineMessage, defineMessages } from "react-intl";

export const settingsMessages = {
  ...defineMessages({
    sectionsLabel: { id: "settings.sections", defaultMessage: "Account settings" },

    passwordTitle: { id: "settings.password.title", defaultMessage: "Password" },
    passwordIntro: {
      id: "settings.password.intro",
      defaultMessage: "Changing your password signs you out on every other device. You stay signed in here.",
    },
    currentPassword: { id: "settings.password.current", defaultMessage: "Current password" },
    newPassword: { id: "settings.password.new", defaultMessage: "New password" },
    confirmPassword: { id: "settings.password.confirm", defaultMessage: "Confirm new password" },
    currentRequired: { id: "settings.password.currentRequired", defaultMessage: "Enter your current password" },
    newRequired: { id: "settings.password.newRequired", defaultMessage: "Enter a new password" },
    confirmRequired: { id: "settings.password.confirmRequired", defaultMessage: "Type the new password again" },
    currentWrong: { id: "settings.password.currentWrong", defaultMessage: "That is not your current password" },
    changePassword: { id: "settings.password.submit", defaultMessage: "Change password" },
    changing: { id: "settings.password.busy", defaultMessage: "Changing..." },
    changeFailed: { id: "settings.password.failed", defaultMessage: "The password could not be changed. Please try again." },

    devicesTitle: { id: "settings.devices.title", defaultMessage: "Devices" },
    devicesIntro: {
      id: "settings.devices.intro",
      defaultMessage: "Where you are signed in. Sign out of any device you do not recognise, then change your password.",
    },
    devicesLoading: { id: "settings.devices.loading", defaultMessage: "Loading devices..." },
    devicesFailed: { id: "settings.devices.failed", defaultMessage: "Failed to load your devices" },
    retry: { id: "settings.devices.retry", defaultMessage: "Try again" },
    devicesList: { id: "settings.devices.list", defaultMessage: "Signed-in devices" },
    thisDevice: { id: "settings.devices.thisDevice", defaultMessage: "This device" },
    unknownBrowser: { id: "settings.devices.unknownBrowser", defaultMessage: "Unknown browser" },
    unknownOs: { id: "settings.devices.unknownOs", defaultMessage: "unknown system" },
    signOut: { id: "settings.devices.signOut", defaultMessage: "Sign out" },
    signingOut: { id: "settings.devices.signingOut", defaultMessage: "Signing out..." },
    signOutOthers: { id: "settings.devices.signOutOthers", defaultMessage: "Sign out everywhere else" },
    signOutFailed: { id: "settings.devices.signOutFailed", defaultMessage: "Signing out failed. Please try again." },
    onlyThisDevice: { id: "settings.devices.onlyThis", defaultMessage: "You are signed in on this device only." },
  }),
  passwordChanged: defineMessage<{ count: number }>({
    id: "settings.password.changed",
    defaultMessage:
      "Your password has been changed. {count, plural, =0 {No other device was signed in.} one {# other device was signed out.} other {# other devices were signed out.}}",
  }),
  othersSignedOut: defineMessage<{ count: number }>({
    id: "settings.devices.othersSignedOut",
    defaultMessage: "{count, plural, =0 {No other device was signed in.} one {Signed out of # other device.} other {Signed out of # other devices.}}",
  }),
  device: defineMessage<{ browser: string; os: string }>({ id: "settings.devices.device", defaultMessage: "{browser} on {os}" }),
  signedIn: defineMessage<{ date: string }>({ id: "settings.devices.signedIn", defaultMessage: "Signed in {date}" }),
  lastActive: defineMessage<{ date: string }>({ id: "settings.devices.lastActive", defaultMessage: "Last active {date}" }),
  signOutNamed: defineMessage<{ device: string }>({ id: "settings.devices.signOutNamed", defaultMessage: "Sign out {device}" }),
};
