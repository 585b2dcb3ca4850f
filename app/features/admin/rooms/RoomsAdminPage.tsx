// /admin/rooms: Add room, a status line saying what was just done, and the rooms' table (or its
// loading and failed states). Edit opens the form; archive, open again and removing a moderator ask
// first; adding a moderator by username writes at once and shows the Worker's refusal.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import type { AdminRoom, RoomModerator } from "#contracts/rooms/admin.ts";
import { tierChoicesQueryOptions, tierNameIn } from "#app/lib/tiers/tierGate.ts";
import { failureText } from "./errors";
import { RoomFormDialog } from "./RoomFormDialog";
import { RoomTable, roomNameIn, type RoomAction, type RuleNames } from "./RoomTable";
import { roomsAdminMessages as m } from "./messages";
import { adminRoomsQueryOptions, roomEventChoicesQueryOptions, roomsApi, useRoomWrite } from "./queries";
import "./rooms-admin.css";
import { ActionOutcome } from "../components/ActionOutcome";

type Dialog = { kind: "create" } | { kind: "edit" | "archive"; room: AdminRoom } | { kind: "remove"; room: AdminRoom; moderator: RoomModerator } | null;

/** Tier and event names for the rules, fetched only when a room names one. */
function useRuleNames(rooms: AdminRoom[]): RuleNames {
  const intl = useIntl();
  const rules = rooms.flatMap((room) => [room.read, room.write]);
  const tiers = useQuery({ ...tierChoicesQueryOptions(), enabled: rules.some((r) => r.kind === "tier") }).data?.tiers ?? [];
  const events = useQuery({ ...roomEventChoicesQueryOptions(), enabled: rules.some((r) => r.kind === "ticket") }).data?.events ?? [];
  return {
    tier: (id) => {
      const tier = tiers.find((t) => t.id === id);
      return tier ? tierNameIn(intl, tier) : id;
    },
    event: (id) => events.find((e) => e.id === id)?.title ?? id,
  };
}

export function RoomsAdminPage() {
  const intl = useIntl();
  const query = useQuery(adminRoomsQueryOptions());
  const names = useRuleNames(query.data?.rooms ?? []);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState("");
  const [failed, setFailed] = useState("");
  const addModerator = useRoomWrite(({ room, username }: { room: AdminRoom; username: string }) => roomsApi.addModerator(room.id, username));
  const open = (next: Dialog) => {
    setDone("");
    setFailed("");
    setDialog(next);
  };
  const finish = (message: string) => {
    setDone(message);
    setDialog(null);
  };
  const onAction = (kind: RoomAction, room: AdminRoom) => open({ kind, room });
  const onAddModerator = (room: AdminRoom, username: string, added: () => void) => {
    setDone("");
    setFailed("");
    addModerator.mutate(
      { room, username },
      {
        onSuccess: () => {
          added();
          setDone(intl.formatMessage(m.moderatorAdded, { username, name: roomNameIn(intl, room) }));
        },
        onError: (err) => setFailed(intl.formatMessage(failureText(err))),
      },
    );
  };

  return (
    <div className="admin-rooms">
      <div className="admin-rooms-toolbar">
        <button type="button" className="btn btn-primary" onClick={() => open({ kind: "create" })}>
          {intl.formatMessage(m.add)}
        </button>
      </div>
      <ActionOutcome done={done} failed={failed} />
      <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
        {({ rooms }) =>
          rooms.length === 0 ? (
            <EmptyState icon="globe" title={intl.formatMessage(m.empty)} />
          ) : (
            <RoomTable
              rooms={rooms}
              names={names}
              onAction={onAction}
              onAddModerator={onAddModerator}
              onRemoveModerator={(room, moderator) => open({ kind: "remove", room, moderator })}
              adding={addModerator.isPending ? (addModerator.variables?.room.id ?? null) : null}
            />
          )
        }
      </QueryState>
      {dialog?.kind === "create" && <RoomFormDialog onClose={() => setDialog(null)} onSaved={() => finish(intl.formatMessage(m.created))} />}
      {dialog?.kind === "edit" && <RoomFormDialog room={dialog.room} onClose={() => setDialog(null)} onSaved={() => finish(intl.formatMessage(m.saved))} />}
      {dialog?.kind === "archive" && (
        <ArchiveDialog
          room={dialog.room}
          onClose={() => setDialog(null)}
          onDone={() => finish(intl.formatMessage(dialog.room.archived ? m.unarchived : m.archived))}
        />
      )}
      {dialog?.kind === "remove" && (
        <RemoveModeratorDialog
          room={dialog.room}
          moderator={dialog.moderator}
          onClose={() => setDialog(null)}
          onDone={() => finish(intl.formatMessage(m.moderatorRemoved, { username: dialog.moderator.username, name: roomNameIn(intl, dialog.room) }))}
        />
      )}
    </div>
  );
}

type ConfirmProps = { room: AdminRoom; onClose: () => void; onDone: () => void };

/** Archive (read-only for everyone) or open again, after the question. */
function ArchiveDialog({ room, onClose, onDone }: ConfirmProps) {
  const intl = useIntl();
  const archiving = !room.archived;
  const mutation = useRoomWrite(() => roomsApi.archive(room.id, archiving));
  const name = roomNameIn(intl, room);
  return (
    <ConfirmDialog
      title={intl.formatMessage(archiving ? m.archiveTitle : m.unarchiveTitle)}
      cancelLabel={intl.formatMessage(m.cancel)}
      confirmLabel={intl.formatMessage(archiving ? m.archive : m.unarchive)}
      busyLabel={intl.formatMessage(archiving ? m.archiving : m.unarchiving)}
      busy={mutation.isPending}
      error={mutation.isError ? intl.formatMessage(failureText(mutation.error)) : undefined}
      onConfirm={() => mutation.mutate(undefined, { onSuccess: onDone })}
      onClose={onClose}
      className="admin-dialog"
    >
      <p>{intl.formatMessage(archiving ? m.archiveQuestion : m.unarchiveQuestion, { name })}</p>
    </ConfirmDialog>
  );
}

function RemoveModeratorDialog({ room, moderator, onClose, onDone }: ConfirmProps & { moderator: RoomModerator }) {
  const intl = useIntl();
  const mutation = useRoomWrite(() => roomsApi.removeModerator(room.id, moderator.userId));
  const values = { username: moderator.username, name: roomNameIn(intl, room) };
  return (
    <ConfirmDialog
      title={intl.formatMessage(m.removeModeratorTitle)}
      cancelLabel={intl.formatMessage(m.cancel)}
      confirmLabel={intl.formatMessage(m.removeModerator)}
      busyLabel={intl.formatMessage(m.removingModerator)}
      busy={mutation.isPending}
      error={mutation.isError ? intl.formatMessage(failureText(mutation.error)) : undefined}
      onConfirm={() => mutation.mutate(undefined, { onSuccess: onDone })}
      onClose={onClose}
      className="admin-dialog"
    >
      <p>{intl.formatMessage(m.removeModeratorQuestion, values)}</p>
    </ConfirmDialog>
  );
}
