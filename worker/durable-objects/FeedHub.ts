// Fan-out hub for live feed updates, using the WebSocket Hibernation API so idle sockets cost
// nothing. The Worker authenticates the socket before it reaches the hub; the hub only relays
// messages the Worker hands it through broadcast().
import { DurableObject } from "cloudflare:workers";

export class FeedHub extends DurableObject {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Sends one JSON message to every connected socket; returns how many received it. */
  async broadcast(message: unknown): Promise<number> {
    const text = JSON.stringify(message);
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
        sent++;
      } catch {
        // a socket closing mid-send is not an error for the others
      }
    }
    return sent;
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    // Clients only listen; a ping keeps intermediaries from timing the socket out.
    if (message === "ping") ws.send("pong");
  }

  async webSocketClose(ws: WebSocket, code: number) {
    ws.close(code, "closing");
  }
}
