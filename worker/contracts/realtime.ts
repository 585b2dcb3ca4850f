// What every site WebSocket shares: close codes the SPA acts on.

/** The member's session ended (logout, password reset, ban, expiry): do not reconnect. */
export const SOCKET_CLOSE_SESSION_ENDED = 4401;
