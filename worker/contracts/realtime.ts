// What every site WebSocket shares: close codes the SPA acts on.

/** The member's session ended (logout, password reset, ban, expiry): do not reconnect. */
export const SOCKET_CLOSE_SESSION_ENDED = 4401;

/**
 * The member's VIP ended (paid or complimentary) while a VIP-only socket was open (chat, radio):
 * the socket closes with this code and the reason SOCKET_VIP_ENDED_REASON; do not reconnect
 * (decision 040).
 */
export const SOCKET_CLOSE_VIP_ENDED = 4403;
export const SOCKET_VIP_ENDED_REASON = "vip_ended";

/** A community room's rules changed in the back office: reconnect, and be checked again (decision 106). */
export const SOCKET_CLOSE_ROOM_CHANGED = 4409;

/** Where every signed-in page listens for notices about its own member (decision 040). */
export const MEMBER_NOTICES_SOCKET_PATH = "/api/feed/notices";

/**
 * Sent to every open socket of a member whose privileges changed (VIP, admin): the session is
 * kept, so the page refetches who is signed in (`me`) and updates where it stands.
 */
export const ROLE_CHANGED_FRAME = JSON.stringify({ type: "role_changed" });
