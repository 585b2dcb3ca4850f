// A moderator's controls in a room (the Worker tells the socket whether the member moderates it,
// and the room's object refuses anyone else): a small "Moderate" disclosure on each message from
// someone else (hide it, or mute its author for a while), each asked first; and slow mode for the
// whole room, set at once. The frames go out as they are; the room answers everyone.
import { useId, useRef, useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import type { RoomClientFrame, RoomMessage } from "#contracts/rooms/rooms.ts";
import { roomsMessages as m } from "./messages";

/** What a moderator asked to do to one message, waiting for the answer to the question. */
export type ModerationAction = { kind: "hide"; message: RoomMessage } | { kind: "mute"; message: RoomMessage; minutes: number; length: MessageDescriptor };

const MUTES = [
  [10, m.for10m],
  [60, m.for1h],
  [24 * 60, m.for1d],
  [7 * 24 * 60, m.for7d],
] as const;

type MenuProps = { message: RoomMessage; onChoose: (action: ModerationAction) => void };

export function ModerateMenu({ message, onChoose }: MenuProps) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Focus goes back to the toggle before the menu goes, so the question's dialog returns it there.
  const close = () => {
    toggle.current?.focus();
    setOpen(false);
  };
  const choose = (action: ModerationAction) => {
    close();
    onChoose(action);
  };
  return (
    <div
      className="room-moderate"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn btn-ghost btn-sm"
        aria-expanded={open}
        aria-controls={id}
        aria-label={intl.formatMessage(m.moderateNamed, { name: message.username })}
        onClick={() => setOpen(!open)}
      >
        {intl.formatMessage(m.moderate)}
      </button>
      {open && (
        <ul id={id} className="room-moderate-menu">
          <li>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => choose({ kind: "hide", message })}>
              {intl.formatMessage(m.hide)}
            </button>
          </li>
          {MUTES.map(([minutes, length]) => (
            <li key={minutes}>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => choose({ kind: "mute", message, minutes, length })}>
                {intl.formatMessage(m.muteFor, { length: intl.formatMessage(length) })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type ConfirmProps = { action: ModerationAction; onConfirm: (frame: RoomClientFrame) => void; onClose: () => void };

/** The question before a hide or a mute; yes sends the frame. */
export function ModerationConfirm({ action, onConfirm, onClose }: ConfirmProps) {
  const intl = useIntl();
  const name = action.message.username;
  const hide = action.kind === "hide";
  return (
    <ConfirmDialog
      title={hide ? intl.formatMessage(m.hideTitle) : intl.formatMessage(m.muteTitle, { name })}
      cancelLabel={intl.formatMessage(m.cancel)}
      confirmLabel={intl.formatMessage(hide ? m.hide : m.mute)}
      onConfirm={() => {
        onConfirm(hide ? { type: "hide", seq: action.message.seq } : { type: "mute", userId: action.message.userId, minutes: action.minutes });
        onClose();
      }}
      onClose={onClose}
    >
      <p>{hide ? intl.formatMessage(m.hideQuestion, { name }) : intl.formatMessage(m.muteQuestion, { name, length: intl.formatMessage(action.length) })}</p>
    </ConfirmDialog>
  );
}

const SLOW_CHOICES = [
  [0, m.slowOff],
  [5, m.slow5s],
  [30, m.slow30s],
  [60, m.slow1m],
  [300, m.slow5m],
] as const;

/** Slow mode for the room, from the choices (and the room's own value when the back office set another). */
export function SlowModeSelect({ seconds, onChange }: { seconds: number; onChange: (frame: RoomClientFrame) => void }) {
  const intl = useIntl();
  const id = useId();
  const choices: { value: number; label: string }[] = SLOW_CHOICES.map(([value, label]) => ({ value, label: intl.formatMessage(label) }));
  if (!choices.some((c) => c.value === seconds)) choices.push({ value: seconds, label: intl.formatMessage(m.slowOther, { seconds }) });
  return (
    <span className="room-slow-select">
      <label htmlFor={id}>{intl.formatMessage(m.slowModeLabel)}</label>{" "}
      <select id={id} value={seconds} onChange={(e) => onChange({ type: "slow", seconds: Number(e.target.value) })}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </span>
  );
}
