// The rooms table, in the members' order: each room's name in the admin's language, who may read and
// who may write in words, slow mode, whether it is archived, its fan moderators (each removable, and
// a username field to add one) and its actions.
import { useState } from "react";
import { useIntl, type IntlShape } from "react-intl";
import type { AdminRoom, RoomModerator } from "#contracts/rooms/admin.ts";
import { roomsAdminMessages as m } from "./messages";

export type RoomAction = "edit" | "archive";
/** The names a rule shows: the tiers' and the events' by id. */
export type RuleNames = { tier: (id: string) => string; event: (id: string) => string };

const isPortuguese = (intl: IntlShape) => intl.locale.toLowerCase().startsWith("pt");
export const roomNameIn = (intl: IntlShape, room: AdminRoom) => (isPortuguese(intl) ? room.name.ptBR : room.name.en);

function ruleText(intl: IntlShape, rule: AdminRoom["read"], names: RuleNames) {
  if (rule.kind === "tier" && rule.tierId) return intl.formatMessage(m.ruleTier, { tier: names.tier(rule.tierId) });
  if (rule.kind === "ticket" && rule.eventId) return intl.formatMessage(m.ruleTicket, { event: names.event(rule.eventId) });
  return intl.formatMessage(m.ruleMembers);
}

type Props = {
  rooms: AdminRoom[];
  names: RuleNames;
  onAction: (action: RoomAction, room: AdminRoom) => void;
  /** `added` runs once the Worker named them, to empty the field. */
  onAddModerator: (room: AdminRoom, username: string, added: () => void) => void;
  onRemoveModerator: (room: AdminRoom, moderator: RoomModerator) => void;
  adding: string | null;
};

export function RoomTable({ rooms, names, onAction, onAddModerator, onRemoveModerator, adding }: Props) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table admin-rooms-table">
        <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colRoom)}</th>
            <th scope="col">{intl.formatMessage(m.colRead)}</th>
            <th scope="col">{intl.formatMessage(m.colWrite)}</th>
            <th scope="col">{intl.formatMessage(m.colSlow)}</th>
            <th scope="col">{intl.formatMessage(m.colModerators)}</th>
            <th scope="col">{intl.formatMessage(m.colActions)}</th>
          </tr>
        </thead>
        <tbody>
          {rooms.map((room) => {
            const name = roomNameIn(intl, room);
            return (
              <tr key={room.id} data-archived={room.archived || undefined}>
                <th scope="row">
                  {name} {room.archived && <span className="badge admin-rooms-archived">{intl.formatMessage(m.archivedBadge)}</span>}
                </th>
                <td>{ruleText(intl, room.read, names)}</td>
                <td>{ruleText(intl, room.write, names)}</td>
                <td>{room.slowModeSeconds > 0 ? intl.formatMessage(m.slowSeconds, { seconds: room.slowModeSeconds }) : intl.formatMessage(m.slowOff)}</td>
                <td>
                  <ModeratorsCell room={room} name={name} busy={adding === room.id} onAdd={onAddModerator} onRemove={onRemoveModerator} />
                </td>
                <td>
                  <div className="admin-rooms-actions">
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={intl.formatMessage(m.editNamed, { name })}
                      onClick={() => onAction("edit", room)}
                    >
                      {intl.formatMessage(m.edit)}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={intl.formatMessage(room.archived ? m.unarchiveNamed : m.archiveNamed, { name })}
                      onClick={() => onAction("archive", room)}
                    >
                      {intl.formatMessage(room.archived ? m.unarchive : m.archive)}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type CellProps = { room: AdminRoom; name: string; busy: boolean; onAdd: Props["onAddModerator"]; onRemove: Props["onRemoveModerator"] };

function ModeratorsCell({ room, name, busy, onAdd, onRemove }: CellProps) {
  const intl = useIntl();
  const [username, setUsername] = useState("");
  return (
    <div className="admin-rooms-moderators" role="group" aria-label={intl.formatMessage(m.moderatorsLegend, { name })}>
      {room.moderators.length > 0 ? (
        <ul>
          {room.moderators.map((mod) => (
            <li key={mod.userId}>
              {mod.username}{" "}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={intl.formatMessage(m.removeModeratorNamed, { username: mod.username, name })}
                onClick={() => onRemove(room, mod)}
              >
                {intl.formatMessage(m.removeModerator)}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <span>{intl.formatMessage(m.none)}</span>
      )}
      <form
        className="admin-rooms-add-moderator"
        onSubmit={(e) => {
          e.preventDefault();
          if (username.trim() && !busy) onAdd(room, username.trim(), () => setUsername(""));
        }}
      >
        <input type="text" value={username} aria-label={`${intl.formatMessage(m.moderatorUsername)}: ${name}`} onChange={(e) => setUsername(e.target.value)} />
        <button type="submit" className="btn btn-ghost btn-sm" disabled={busy}>
          {intl.formatMessage(busy ? m.addingModerator : m.addModerator)}
        </button>
      </form>
    </div>
  );
}
