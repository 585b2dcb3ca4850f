import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { PartyRoomPage } from "../../features/parties/PartyRoomPage";
import { RoomChat } from "../../features/rooms/RoomChat";
import { partyQueryOptions } from "../../features/parties/queries";
import { requireSignedIn } from "../../lib/session/guards";
import { usePageMeta } from "../../lib/usePageMeta";
import { PARTY_ID_PATTERN } from "#contracts/parties/ids.ts";
import { partyRoomId } from "#contracts/parties/chat.ts";

/**
 * A listening party's room: signed-in members (the Worker refuses a VIP party to others, and the
 * page shows the VIP gate then). Rendered in the browser: the room is live, nothing to index. Its
 * chat is the party's community room (decision 107), composed in here beside the player.
 */
export const Route = createFileRoute("/parties/$partyId")({
  beforeLoad: requireSignedIn,
  loader: ({ context, params }) => {
    if (PARTY_ID_PATTERN.test(params.partyId)) void context.queryClient.prefetchQuery(partyQueryOptions(params.partyId));
  },
  component: PartyRoute,
});

const meta = defineMessages({
  title: { id: "meta.party.title", defaultMessage: "Listening Party" },
});

function PartyRoute() {
  usePageMeta(meta);
  const { partyId } = Route.useParams();
  return <PartyRoomPage partyId={partyId} chat={<RoomChat roomId={partyRoomId(partyId)} />} />;
}
