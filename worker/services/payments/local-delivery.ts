// How the local provider delivers its events: each built as Stripe would send it, signed with the
// local secret, then verified and fulfilled exactly as the webhook does, so the local mode proves
// the real path rather than bypassing it. The kinds' local flows (the VIP test checkout and portal,
// the store's test checkout and its sweep) hand themselves as the kinds that claim them.
import type { DB } from "../../db/client";
import { fulfilPayload } from "./fulfilment";
import { signLocalEvent } from "./local";
import type { LocalEvent } from "./local-events";
import type { FollowUpContext, PurchaseKind } from "./purchase-kind";
import type { PaymentsService } from "./types";

export type LocalDelivery = {
  db: DB;
  service: PaymentsService;
  secret: string;
  kinds: readonly PurchaseKind[];
  /** The request whose context runs what follows a stored event (mails, notices). */
  followUp?: FollowUpContext;
};

/** Signs, verifies and fulfils the events in order, as separate deliveries. */
export async function deliver({ db, service, secret, kinds, followUp }: LocalDelivery, events: LocalEvent[], now: number) {
  for (const event of events) {
    const { rawBody, signature } = await signLocalEvent(event, secret);
    const verified = await service.verifyEvent(rawBody, signature);
    await fulfilPayload(db, verified, { kinds, now, followUp });
  }
}
