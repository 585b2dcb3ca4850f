import { createFileRoute } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { defineMessages } from "react-intl";
import { SetupChecklist } from "../features/setup/SetupChecklist";
import { setupChecklistQueryOptions } from "../features/setup/queries";
import { AboutSection } from "../features/landing/AboutSection";
import { BioSection } from "../features/landing/BioSection";
import { ComingSoon } from "../features/landing/ComingSoon";
import { ContactSection } from "../features/landing/ContactSection";
import { EventsSection } from "../features/landing/EventsSection";
import { Hero } from "../features/landing/Hero";
import { MusicSection } from "../features/landing/MusicSection";
import { NewsSection } from "../features/landing/NewsSection";
import { NewsSignup, useNewsSignupWorks } from "../features/newsletter/NewsSignup";
import { VipSection } from "../features/landing/VipSection";
import { ContactForm } from "../features/contact/ContactForm";
import { EventsList } from "../features/events/EventsList";
import { eventsQueryOptions } from "../lib/eventsList";
import { PartyTeaser } from "../features/parties/PartyTeaser";
import { waitlistJoinSlot } from "../features/waitlist/waitlistJoinSlot";
import { upcomingPartiesQueryOptions } from "../features/parties/queries";
import { usePageMeta } from "../lib/usePageMeta";
import { artistQueryOptions } from "../lib/artist";
import { meQueryOptions } from "../lib/session/queries";
import { useSessionUser } from "../lib/session/useSession";
import { siteStatusQueryOptions } from "../lib/site-status";
import { HydrateWhenNear } from "../ssr/HydrateWhenNear";

export const Route = createFileRoute("/")({
  // The events section's list (and the listening parties' teaser in it) starts loading with the
  // page's chunk, not after it renders; the server renders both from this data.
  loader: async ({ context }) => {
    const { queryClient } = context;
    void queryClient.prefetchQuery(eventsQueryOptions(context.locale?.() ?? "en"));
    void queryClient.prefetchQuery(upcomingPartiesQueryOptions());
    // The hits' covers and the biography's portrait (the artist's settings).
    void queryClient.prefetchQuery(artistQueryOptions());
    // A site with nothing published yet is a coming-soon page (decision 077), and an
    // administrator's shows what is left to set up: the server renders both from this data.
    const status = await queryClient.ensureQueryData(siteStatusQueryOptions()).catch(() => null);
    if (!status?.comingSoon) return;
    const me = await queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
    if (me?.user?.isAdmin) await queryClient.prefetchQuery(setupChecklistQueryOptions());
  },
  component: Home,
});

const meta = defineMessages({
  title: { id: "meta.home.title", defaultMessage: "The Official Fan Community" },
  description: {
    id: "meta.home.description",
    defaultMessage:
      "The official fan community of the artist: stream the freestyle classics, tune in to the radio, watch the videos, see upcoming events and join VIP.",
  },
});

/** The player's code loads only when someone presses play, so the landing page stays light. */
async function playTrackById(trackId: string, options: { preview: boolean }) {
  const player = await import("../features/music/player/playById");
  await player.playTrackById(trackId, options);
}

/**
 * The landing page, sections in the order docs/features.md#landing-page gives; the header links to each id. The events
 * list and the contact form belong to their own features and are put into their sections here.
 * Each section below the hero is hydrated once it nears the viewport or is used (decision 178), in
 * a pass of its own: the first load makes the hero interactive, not the whole page.
 */
function Home() {
  usePageMeta({ ...meta, brandFirst: true });
  const comingSoon = useQuery(siteStatusQueryOptions()).data?.comingSoon === true;
  const { user } = useSessionUser();
  const newsSignupWorks = useNewsSignupWorks();
  if (comingSoon) return <ComingSoon newsSignup={newsSignupWorks} checklist={user?.isAdmin ? <SetupChecklist /> : null} />;
  return (
    <div className="landing">
      <Hero />
      <HydrateWhenNear>
        <MusicSection onPlay={playTrackById} />
      </HydrateWhenNear>
      <HydrateWhenNear>
        <VipSection />
      </HydrateWhenNear>
      <HydrateWhenNear>
        <BioSection />
      </HydrateWhenNear>
      <HydrateWhenNear>
        <EventsSection
          list={
            <>
              <PartyTeaser headingLevel={3} />
              <EventsList limit={6} headingLevel={3} cardsWaitForView={false} soldOutType={waitlistJoinSlot} />
            </>
          }
        />
      </HydrateWhenNear>
      <HydrateWhenNear>
        <AboutSection />
      </HydrateWhenNear>
      {newsSignupWorks && (
        <HydrateWhenNear>
          <NewsSection form={<NewsSignup />} />
        </HydrateWhenNear>
      )}
      <HydrateWhenNear>
        <ContactSection form={<ContactForm />} />
      </HydrateWhenNear>
    </div>
  );
}
