// Settings › Notifications: which kinds reach the member in the app, by push and by e-mail
// (GET/PUT /api/notifications/preferences), a "Pause all" switch, and web push on this device.
// The choices are a form saved with one button: a table of checkboxes is many clicks, and one PUT
// with the whole set keeps the Worker's copy and the page's the same.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { defineMessage, defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from "react-intl";
import { FormBanner } from "../../components/form/FormField";
import { QueryState } from "../../components/QueryState";
import { api } from "../../lib/api";
import { notificationKeys } from "../../lib/notifications/queries";
import { NOTIFICATION_WORDS } from "#contracts/areas/words.ts";
import { NOTIFICATION_KINDS } from "#contracts/notification-kinds.ts";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATIONS_API,
  type KindPreference,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from "#contracts/notifications.ts";
import type { NotificationPreferencesInput } from "#contracts/notifications-input.ts";
import { PushDevice } from "./PushDevice";

export const notificationsSectionMessages = {
  ...defineMessages({
    title: { id: "settings.notifications.title", defaultMessage: "Notifications" },
    intro: {
      id: "settings.notifications.intro",
      defaultMessage: "Choose what reaches you and where. E-mails come at most once a day as a digest, except urgent news about your membership.",
    },
    pause: { id: "settings.notifications.pause", defaultMessage: "Pause all" },
    pauseHint: {
      id: "settings.notifications.pauseHint",
      defaultMessage: "While paused, push notifications and e-mails stop. The list on this site keeps everything.",
    },
    table: { id: "settings.notifications.table", defaultMessage: "What notifies you, and where" },
    kindColumn: { id: "settings.notifications.kindColumn", defaultMessage: "Notification" },
    save: { id: "settings.notifications.save", defaultMessage: "Save preferences" },
    saving: { id: "settings.notifications.saving", defaultMessage: "Saving..." },
    saved: { id: "settings.notifications.saved", defaultMessage: "Your notification preferences were saved." },
    saveFailed: { id: "settings.notifications.saveFailed", defaultMessage: "Your preferences could not be saved. Please try again." },
    loading: { id: "settings.notifications.loading", defaultMessage: "Loading your preferences..." },
    loadFailed: { id: "settings.notifications.loadFailed", defaultMessage: "Failed to load your notification preferences" },
    retry: { id: "settings.notifications.retry", defaultMessage: "Try again" },
  }),
  checkbox: defineMessage<{ channel: string; kind: string }>({ id: "settings.notifications.checkbox", defaultMessage: "{channel}: {kind}" }),
};
const m = notificationsSectionMessages;

const channelMessages: Record<NotificationChannel, MessageDescriptor> = defineMessages({
  inApp: { id: "settings.notifications.channel.inApp", defaultMessage: "In the app" },
  push: { id: "settings.notifications.channel.push", defaultMessage: "Push" },
  email: { id: "settings.notifications.channel.email", defaultMessage: "E-mail" },
});

/** A kind's line, in the reader's language, as its area declares it. */
const kindLabel = (intl: IntlShape, kind: NotificationKind) => NOTIFICATION_WORDS[kind].label[intl.locale === "pt-BR" ? "pt-BR" : "en"];

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => api<NotificationPreferences>(`${NOTIFICATIONS_API}/preferences`, { signal }),
  });

export function NotificationsSection() {
  const preferences = useQuery(notificationPreferencesQueryOptions());
  return (
    <>
      <p className="muted">
        <FormattedMessage {...m.intro} />
      </p>
      <QueryState
        query={preferences}
        loading={<FormattedMessage {...m.loading} />}
        failed={<FormattedMessage {...m.loadFailed} />}
        retry={<FormattedMessage {...m.retry} />}
      >
        {(initial) => (
          <>
            <PreferencesForm initial={initial} />
            <PushDevice publicKey={initial.pushPublicKey} />
          </>
        )}
      </QueryState>
    </>
  );
}

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const intl = useIntl();
  const client = useQueryClient();
  const [paused, setPaused] = useState(initial.paused);
  const [kinds, setKinds] = useState<Record<NotificationKind, KindPreference>>(initial.kinds);
  const save = useMutation({
    mutationFn: (body: NotificationPreferencesInput) => api<NotificationPreferences>(`${NOTIFICATIONS_API}/preferences`, { method: "PUT", json: body }),
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences, saved),
  });

  const toggle = (kind: NotificationKind, channel: NotificationChannel, on: boolean) => {
    save.reset(); // the last save's banner no longer describes the form
    setKinds((current) => ({ ...current, [kind]: { ...current[kind], [channel]: on } }));
  };

  return (
    <form
      className="settings-notifications"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ paused, kinds });
      }}
    >
      <div className="settings-notifications-pause">
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={paused}
            aria-describedby="settings-notifications-pause-hint"
            onChange={(event) => {
              save.reset();
              setPaused(event.target.checked);
            }}
          />{" "}
          <FormattedMessage {...m.pause} />
        </label>
        <p id="settings-notifications-pause-hint" className="muted">
          <FormattedMessage {...m.pauseHint} />
        </p>
      </div>
      <div className="settings-notifications-scroll">
        <table className="settings-notifications-table">
          <caption className="sr-only">
            <FormattedMessage {...m.table} />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage {...m.kindColumn} />
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col">
                  <FormattedMessage {...channelMessages[channel]} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{kindLabel(intl, kind)}</th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      checked={kinds[kind][channel]}
                      aria-label={intl.formatMessage(m.checkbox, {
                        channel: intl.formatMessage(channelMessages[channel]),
                        kind: kindLabel(intl, kind),
                      })}
                      onChange={(event) => toggle(kind, channel, event.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          <FormattedMessage {...(save.isPending ? m.saving : m.save)} />
        </button>
      </div>
      {save.isError && (
        <FormBanner kind="error">
          <FormattedMessage {...m.saveFailed} />
        </FormBanner>
      )}
      {save.isSuccess && (
        <FormBanner kind="success">
          <FormattedMessage {...m.saved} />
        </FormBanner>
      )}
    </form>
  );
}
