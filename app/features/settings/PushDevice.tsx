// Settings › Notifications › this device: turn web push on or off for the browser in hand. Says
// plainly why it cannot be on: not set up on this site (no VAPID key), not supported by the
// browser, or blocked in the browser's own settings.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { FormBanner } from "../../components/form/FormField";
import { currentPushSubscription, disablePush, enablePush, notificationPermission, pushSupported, type EnableOutcome } from "./pushDevice";

export const pushDeviceMessages = defineMessages({
  heading: { id: "settings.push.heading", defaultMessage: "Push on this device" },
  notSetUp: { id: "settings.push.notSetUp", defaultMessage: "Push notifications are not set up on this site yet." },
  unsupported: { id: "settings.push.unsupported", defaultMessage: "This browser does not support push notifications." },
  blocked: {
    id: "settings.push.blocked",
    defaultMessage: "Notifications from this site are blocked in your browser. Allow them in the browser's site settings, then reload this page.",
  },
  off: { id: "settings.push.off", defaultMessage: "Push is off on this device." },
  on: { id: "settings.push.on", defaultMessage: "Push is on for this device." },
  enable: { id: "settings.push.enable", defaultMessage: "Enable push on this device" },
  enabling: { id: "settings.push.enabling", defaultMessage: "Turning on..." },
  disable: { id: "settings.push.disable", defaultMessage: "Turn off on this device" },
  disabling: { id: "settings.push.disabling", defaultMessage: "Turning off..." },
  dismissed: { id: "settings.push.dismissed", defaultMessage: "Push stays off: the browser's question was not answered with Allow." },
  enableFailed: { id: "settings.push.enableFailed", defaultMessage: "Push could not be turned on. Please try again." },
  disableFailed: { id: "settings.push.disableFailed", defaultMessage: "Push could not be turned off. Please try again." },
});
const m = pushDeviceMessages;

const deviceKey = ["notifications", "pushDevice"] as const;

export function PushDevice({ publicKey }: { publicKey: string | null }) {
  return (
    <div className="settings-push">
      <h3>
        <FormattedMessage {...m.heading} />
      </h3>
      {publicKey === null ? (
        <p className="muted">
          <FormattedMessage {...m.notSetUp} />
        </p>
      ) : !pushSupported() ? (
        <p className="muted">
          <FormattedMessage {...m.unsupported} />
        </p>
      ) : (
        <PushSwitch publicKey={publicKey} />
      )}
    </div>
  );
}

function PushSwitch({ publicKey }: { publicKey: string }) {
  const client = useQueryClient();
  // Read at render: the member may change it in the browser's settings and come back.
  const [permission, setPermission] = useState(notificationPermission);
  const device = useQuery({ queryKey: deviceKey, queryFn: async () => (await currentPushSubscription()) !== null });
  const enable = useMutation({
    mutationFn: () => enablePush(publicKey),
    onSuccess: (outcome: EnableOutcome) => {
      if (outcome === "denied") setPermission("denied");
      else client.setQueryData(deviceKey, outcome === "subscribed");
    },
  });
  const disable = useMutation({
    mutationFn: disablePush,
    onSettled: () => void client.invalidateQueries({ queryKey: deviceKey }),
  });

  if (permission === "denied") {
    return (
      <p className="muted" role="status">
        <FormattedMessage {...m.blocked} />
      </p>
    );
  }
  if (device.isPending) return null;
  const subscribed = device.data === true;

  return (
    <>
      <p role="status">
        <FormattedMessage {...(subscribed ? m.on : m.off)} />
      </p>
      {subscribed ? (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={disable.isPending}
          onClick={() => {
            enable.reset();
            disable.mutate();
          }}
        >
          <FormattedMessage {...(disable.isPending ? m.disabling : m.disable)} />
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          disabled={enable.isPending}
          onClick={() => {
            disable.reset();
            enable.mutate();
          }}
        >
          <FormattedMessage {...(enable.isPending ? m.enabling : m.enable)} />
        </button>
      )}
      {enable.data === "dismissed" && (
        <p className="muted">
          <FormattedMessage {...m.dismissed} />
        </p>
      )}
      {enable.isError && (
        <FormBanner kind="error">
          <FormattedMessage {...m.enableFailed} />
        </FormBanner>
      )}
      {disable.isError && (
        <FormBanner kind="error">
          <FormattedMessage {...m.disableFailed} />
        </FormBanner>
      )}
    </>
  );
}
