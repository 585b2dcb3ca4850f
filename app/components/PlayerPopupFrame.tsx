// Frame for the header-less player routes (/music/player, /radio/player), which usually run in a
// popup window: brand, title, a close button, and the VIP gate around the player.
import { useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useSiteConfig } from "../features/shell/useSession";
import { VipGate } from "./Gate";

export function PlayerPopupFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  const router = useRouter();
  const brand = useSiteConfig()?.brandName;

  const close = () => {
    // Opened by the site as a popup: close the window. Reached in the same tab: go back.
    if (window.opener) window.close();
    else router.history.back();
  };

  return (
    <section className="player-popup">
      <header className="player-popup-head">
        <div>
          {brand && <p className="player-popup-brand">{brand}</p>}
          <h1>{title}</h1>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={close}>
          <FormattedMessage id="player.close" defaultMessage="Close" />
        </button>
      </header>
      <VipGate>{children}</VipGate>
    </section>
  );
}
