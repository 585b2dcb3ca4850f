import { describe, expect, it } from "vitest";
import {
  mayBuyTicket,
  nextTicketSaleChange,
  publicSaleOpensAt,
  ticketSaleStateAt,
  type TicketSaleTimes,
} from "../../worker/contracts/tickets/event-tickets-model";

const H = 60 * 60 * 1000;
const t: TicketSaleTimes = { saleStart: 10 * H, saleEnd: 40 * H, eventDate: 50 * H, presale: { startsAt: 2 * H, endsAt: 6 * H, generalSaleAt: 8 * H } };

describe("the ticket sale's state", () => {
  it("moves upcoming → VIP presale → upcoming → on sale → ended, each boundary belonging to the later state", () => {
    expect(ticketSaleStateAt(t, 2 * H - 1)).toBe("upcoming");
    expect(ticketSaleStateAt(t, 2 * H)).toBe("vip_presale");
    expect(ticketSaleStateAt(t, 6 * H - 1)).toBe("vip_presale");
    expect(ticketSaleStateAt(t, 6 * H)).toBe("upcoming");
    // The public sale opens at the later of the form's start and the general sale.
    expect(publicSaleOpensAt(t)).toBe(10 * H);
    expect(ticketSaleStateAt(t, 10 * H - 1)).toBe("upcoming");
    expect(ticketSaleStateAt(t, 10 * H)).toBe("on_sale");
    expect(ticketSaleStateAt(t, 40 * H - 1)).toBe("on_sale");
    expect(ticketSaleStateAt(t, 40 * H)).toBe("ended");
  });

  it("without a start or a presale it is on sale until the event starts", () => {
    const open: TicketSaleTimes = { saleStart: null, saleEnd: null, eventDate: 5 * H, presale: null };
    expect(ticketSaleStateAt(open, 0)).toBe("on_sale");
    expect(ticketSaleStateAt(open, 5 * H)).toBe("ended");
    expect(nextTicketSaleChange(open, 0)).toBe(5 * H);
  });

  it("names the next change", () => {
    expect(nextTicketSaleChange(t, 0)).toBe(2 * H);
    expect(nextTicketSaleChange(t, 2 * H)).toBe(6 * H);
    expect(nextTicketSaleChange(t, 6 * H)).toBe(10 * H);
    expect(nextTicketSaleChange(t, 40 * H)).toBeNull();
  });

  it("VIPs buy in the presale and VIP-only types; nobody buys outside a sale", () => {
    expect(mayBuyTicket("vip_presale", false, true)).toBe(true);
    expect(mayBuyTicket("vip_presale", false, false)).toBe(false);
    expect(mayBuyTicket("on_sale", true, false)).toBe(false);
    expect(mayBuyTicket("on_sale", true, true)).toBe(true);
    expect(mayBuyTicket("on_sale", false, false)).toBe(true);
    expect(mayBuyTicket("upcoming", false, true)).toBe(false);
    expect(mayBuyTicket("ended", false, true)).toBe(false);
  });
});
