// Settings › Notifications: which kinds reach the member in the app, by push and by e-mail
// (GET/PUT /api/notifications/preferences), a "Pause all" switch, and web push on this device.
// The choices are a form saved with one button: a table of checkboxes is many clicks, and one PUT
// with the whole set keeps the Worker's copy and the page's the same.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { FormBanner } from "../../components/form/FormField";
import { QueryState } from "../../components/QueryState";
import { api } from "../../lib/api";
import { notificationKeys } from "../../lib/notifications/queries";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
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

const kindMessages: Record<NotificationKind, MessageDescriptor> = defineMessages({
  like: { id: "settings.notifications.kind.like", defaultMessage: "Likes on my posts" },
  comment: { id: "settings.notifications.kind.comment", defaultMessage: "Comments on my posts" },
  reply: { id: "settings.notifications.kind.reply", defaultMessage: "Replies to my comments" },
  mention: { id: "settings.notifications.kind.mention", defaultMessage: "Mentions of me" },
  release: { id: "settings.notifications.kind.release", defaultMessage: "New releases" },
  release_early: { id: "settings.notifications.kind.releaseEarly", defaultMessage: "VIP early access to releases" },
  event: { id: "settings.notifications.kind.event", defaultMessage: "New events" },
  meet_soon: { id: "settings.notifications.kind.meetSoon", defaultMessage: "Virtual meets and listening parties about to start" },
  tv_live: { id: "settings.notifications.kind.tvLive", defaultMessage: "The TV going live" },
  show_live: { id: "settings.notifications.kind.showLive", defaultMessage: "A live show you asked to be reminded of going on air" },
  contact_reply: { id: "settings.notifications.kind.contactReply", defaultMessage: "Answers to my contact messages" },
  payment_failed: { id: "settings.notifications.kind.paymentFailed", defaultMessage: "Failed VIP payments" },
  renewal_soon: { id: "settings.notifications.kind.renewalSoon", defaultMessage: "VIP renewal reminders" },
  vip_granted: { id: "settings.notifications.kind.vipGranted", defaultMessage: "VIP membership granted" },
  vip_ended: { id: "settings.notifications.kind.vipEnded", defaultMessage: "VIP membership ended" },
  post_hidden: { id: "settings.notifications.kind.postHidden", defaultMessage: "My posts hidden by a moderator" },
  gift_redeemed: { id: "settings.notifications.kind.giftRedeemed", defaultMessage: "Gifts of VIP I gave, when redeemed" },
  order_shipped: { id: "settings.notifications.kind.orderShipped", defaultMessage: "My store orders shipped" },
  preorder_out: { id: "settings.notifications.kind.preorderOut", defaultMessage: "My pre-orders out" },
  notify_release: { id: "settings.notifications.kind.notifyRelease", defaultMessage: "Releases I asked to be told about" },
  notify_on_sale: { id: "settings.notifications.kind.notifyOnSale", defaultMessage: "Ticket sales I asked to be told about" },
  tier_offer: { id: "settings.notifications.kind.tierOffer", defaultMessage: "Membership offers (a discount on a paid tier)" },
  trial_ending: { id: "settings.notifications.kind.trialEnding", defaultMessage: "Free trial ending (before the first charge)" },
  room_mention: { id: "settings.notifications.kind.roomMention", defaultMessage: "Mentions of you in community rooms" },
  room_reply: { id: "settings.notifications.kind.roomReply", defaultMessage: "Replies to your messages in community rooms" },
  room_activity: { id: "settings.notifications.kind.roomActivity", defaultMessage: "New messages in rooms where you chose “Everything”" },
});

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
                <th scope="row">
                  <FormattedMessage {...kindMessages[kind]} />
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      checked={kinds[kind][channel]}
                      aria-label={intl.formatMessage(m.checkbox, {
                        channel: intl.formatMessage(channelMessages[channel]),
                        kind: intl.formatMessage(kindMessages[kind]),
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
