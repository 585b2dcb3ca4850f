// The '?' dialog: every keyboard shortcut of the players (docs/features.md#music: Space, Shift+Right/Left, M,
// Alt+Up/Down, Ctrl+S, Ctrl+R; see usePlayerShortcuts.ts), in the active language. The music
// player bar and both popups open it.
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { Modal } from "../Modal";
import { shortcutsMessages as m } from "./messages";
import "./controls.css";

type Row = { keys: (MessageDescriptor | string)[]; action: MessageDescriptor };

const ROWS: Row[] = [
  { keys: [m.keySpace], action: m.actionPlayPause },
  { keys: [m.keyShift, m.keyRight], action: m.actionNext },
  { keys: [m.keyShift, m.keyLeft], action: m.actionPrevious },
  { keys: ["M"], action: m.actionMute },
  { keys: [m.keyAlt, m.keyUp], action: m.actionVolumeUp },
  { keys: [m.keyAlt, m.keyDown], action: m.actionVolumeDown },
  { keys: [m.keyCtrl, "S"], action: m.actionShuffle },
  { keys: [m.keyCtrl, "R"], action: m.actionRepeat },
  { keys: ["?"], action: m.actionHelp },
];

export function ShortcutsHelpDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const keyText = (key: MessageDescriptor | string) => (typeof key === "string" ? key : intl.formatMessage(key));
  return (
    <Modal
      title={<FormattedMessage {...m.title} />}
      onClose={onClose}
      footer={
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <FormattedMessage {...m.close} />
          </button>
        </div>
      }
    >
      <p className="muted">
        <FormattedMessage {...m.intro} />
      </p>
      <p className="muted">
        <FormattedMessage {...m.ctrlNote} />
      </p>
      <table className="shortcuts-table">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage {...m.keyColumn} />
            </th>
            <th scope="col">
              <FormattedMessage {...m.actionColumn} />
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.action.id}>
              <td>
                {row.keys.map((key, i) => (
                  <span key={i}>
                    {i > 0 && " + "}
                    <kbd>{keyText(key)}</kbd>
                  </span>
                ))}
              </td>
              <td>
                <FormattedMessage {...row.action} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
