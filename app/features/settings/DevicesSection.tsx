// Settings › Devices: every live session of the member (browser and system as read at sign-in,
// when it started and when it was last used, in the viewer's language and time zone), the one in
// hand marked "This device", a Sign out for each other one, and Sign out everywhere else.
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { DeviceSession } from "#contracts/account-api.ts";
import { FormBanner } from "../../components/form/FormField";
import { QueryState } from "../../components/QueryState";
import { settingsMessages as m } from "./messages";
import { deviceSessionsQueryOptions, useRevokeOtherSessions, useRevokeSession } from "./queries";

const dateFormat: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

export function DevicesSection() {
  const intl = useIntl();
  const query = useQuery(deviceSessionsQueryOptions());
  return (
    <QueryState query={query} loading={intl.formatMessage(m.devicesLoading)} failed={intl.formatMessage(m.devicesFailed)} retry={intl.formatMessage(m.retry)}>
      {(data) => <Devices devices={data.sessions} />}
    </QueryState>
  );
}

function Devices({ devices }: { devices: readonly DeviceSession[] }) {
  const intl = useIntl();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = devices.filter((d) => !d.current);
  const name = (d: DeviceSession) =>
    intl.formatMessage(m.device, { browser: d.browser ?? intl.formatMessage(m.unknownBrowser), os: d.os ?? intl.formatMessage(m.unknownOs) });

  return (
    <>
      <p className="muted">{intl.formatMessage(m.devicesIntro)}</p>
      {(revoke.isError || revokeOthers.isError) && <FormBanner kind="error">{intl.formatMessage(m.signOutFailed)}</FormBanner>}
      {revokeOthers.isSuccess && <FormBanner kind="success">{intl.formatMessage(m.othersSignedOut, { count: revokeOthers.data.ended })}</FormBanner>}
      <ul className="settings-devices" aria-label={intl.formatMessage(m.devicesList)}>
        {devices.map((d) => {
          const busy = revoke.isPending && revoke.variables === d.id;
          return (
            <li key={d.id} className="settings-device">
              <div>
                <p className="settings-device-name">
                  <strong>{name(d)}</strong>
                  {d.current && <span className="badge settings-device-current">{intl.formatMessage(m.thisDevice)}</span>}
                </p>
                <p className="muted settings-device-times">
                  {intl.formatMessage(m.signedIn, { date: intl.formatDate(d.createdAt, dateFormat) })}
                  {" · "}
                  {intl.formatMessage(m.lastActive, { date: intl.formatDate(d.lastSeenAt, dateFormat) })}
                </p>
              </div>
              {!d.current && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={revoke.isPending}
                  aria-label={intl.formatMessage(m.signOutNamed, { device: name(d) })}
                  onClick={() => revoke.mutate(d.id)}
                >
                  {intl.formatMessage(busy ? m.signingOut : m.signOut)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <button type="button" className="btn btn-danger btn-sm" disabled={revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
          {intl.formatMessage(revokeOthers.isPending ? m.signingOut : m.signOutOthers)}
        </button>
      ) : (
        !revokeOthers.isSuccess && <p className="muted">{intl.formatMessage(m.onlyThisDevice)}</p>
      )}
    </>
  );
}
