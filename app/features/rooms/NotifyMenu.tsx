// The room header's bell: what the member is told of this room (decision 111): everything (at most
// one notification per window), mentions and replies (the default), or nothing. A disclosure with a
// radio group (arrow keys move between the choices, as native radios do); a choice is saved at once
// and the list's copy of the room follows.
import { useId, useRef, useState } from "react";
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from "react-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Icon } from "../../components/Icon";
import { api } from "../../lib/api";
import { ROOM_ACTIVITY_WINDOW_MINUTES, ROOM_NOTIFY_CHOICES, ROOM_NOTIFY_DEFAULT, type RoomNotify } from "#contracts/rooms/limits.ts";
import type { RoomNotifyResponse, RoomsResponse } from "#contracts/rooms/rooms.ts";
import { roomsQueryOptions } from "./queries";

const m = defineMessages({
  legend: { id: "rooms.notify.legend", defaultMessage: "Tell me about this room" },
  all: { id: "rooms.notify.all", defaultMessage: "Everything" },
  allHint: { id: "rooms.notify.allHint", defaultMessage: "New messages, at most once every {minutes} minutes" },
  mentions: { id: "rooms.notify.mentions", defaultMessage: "Mentions and replies" },
  mentionsHint: { id: "rooms.notify.mentionsHint", defaultMessage: "When someone writes @you or answers you" },
  none: { id: "rooms.notify.none", defaultMessage: "Nothing" },
  noneHint: { id: "rooms.notify.noneHint", defaultMessage: "No notifications from this room" },
  failed: { id: "rooms.notify.failed", defaultMessage: "Your choice was not saved. Please try again." },
});

const bell = defineMessage<{ choice: string }>({ id: "rooms.notify.bell", defaultMessage: "Notifications: {choice}" });

const CHOICES: Record<RoomNotify, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  all: { label: m.all, hint: m.allHint },
  mentions: { label: m.mentions, hint: m.mentionsHint },
  none: { label: m.none, hint: m.noneHint },
};

export function NotifyMenu({ roomId, notify }: { roomId: string; notify: RoomNotify | null }) {
  const intl = useIntl();
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const save = useMutation({
    mutationFn: (choice: RoomNotify) =>
      api<RoomNotifyResponse>(`/api/rooms/${encodeURIComponent(roomId)}/notifications`, { method: "PUT", json: { notify: choice } }),
    onSuccess: ({ notify: saved }) =>
      queryClient.setQueryData<RoomsResponse>(roomsQueryOptions().queryKey, (list) =>
        list ? { rooms: list.rooms.map((r) => (r.id === roomId ? { ...r, notify: saved } : r)) } : list,
      ),
  });
  const current = save.isPending && save.variables ? save.variables : (notify ?? ROOM_NOTIFY_DEFAULT);
  const close = () => {
    toggle.current?.focus();
    setOpen(false);
  };
  return (
    <div
      className="room-notify"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button ref={toggle} type="button" className="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <Icon name="bell" size={16} /> {intl.formatMessage(bell, { choice: intl.formatMessage(CHOICES[current].label) })}
      </button>
      {open && (
        <fieldset id={id} className="room-notify-menu">
          <legend>{intl.formatMessage(m.legend)}</legend>
          {ROOM_NOTIFY_CHOICES.map((choice) => (
            <label key={choice} className="form-choice room-notify-choice">
              <input type="radio" name={`${id}-notify`} value={choice} checked={current === choice} onChange={() => save.mutate(choice)} />{" "}
              {intl.formatMessage(CHOICES[choice].label)}{" "}
              <span className="muted">{intl.formatMessage(CHOICES[choice].hint, { minutes: ROOM_ACTIVITY_WINDOW_MINUTES })}</span>
            </label>
          ))}
          {save.isError && (
            <p className="field-error" role="alert">
              {intl.formatMessage(m.failed)}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
