// The player bar's quality switch (decision 105): shown only while the current track offers its
// lossless master to this member (the Worker's answer); pressing it plays the master from where the
// track is, and offers its download.
import { useSyncExternalStore } from "react";
import { useIntl } from "react-intl";
import { losslessChoice } from "./lossless";
import { playerMessages as m } from "./messages";

export function LosslessToggle({ trackId, onChange }: { trackId: string; onChange: () => void }) {
  const intl = useIntl();
  const { on, offered, downloads } = useSyncExternalStore(losslessChoice.subscribe, losslessChoice.getSnapshot, losslessChoice.getSnapshot);
  if (!offered.has(trackId)) return null;
  const download = on ? downloads.get(trackId) : undefined;
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm player-lossless"
        aria-pressed={on}
        onClick={() => {
          losslessChoice.setOn(!on);
          onChange();
        }}
      >
        {intl.formatMessage(m.lossless)}
      </button>
      {download && (
        <a className="btn btn-ghost btn-sm" href={download} download>
          {intl.formatMessage(m.losslessDownload)}
        </a>
      )}
    </>
  );
}
