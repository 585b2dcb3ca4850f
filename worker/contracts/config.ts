import type { BotCheckConfig } from "./bot-check";

// Public site settings the SPA renders (brand, contact addresses, outside links, VIP price).
export type PublicConfig = {
  brandName: string;
  supportEmail: string;
  adminEmail: string;
  infoEmail: string;
  chatRoomUrl: string;
  socialUrls: { facebook: string; instagram: string };
  vipPrice: { amountCents: number; currency: string };
  /** The yearly VIP plan's price (the admin's setting, in the monthly price's currency; decision 055). */
  vipYearlyPrice: { amountCents: number; currency: string };
  /** True when outside services run as local stand-ins (mailbox, test checkout). */
  localMode: boolean;
  /** The widget the visitor's forms show (decision 090). */
  botCheck: BotCheckConfig;
};
