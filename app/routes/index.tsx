import { createFileRoute } from "@tanstack/react-router";
import { AboutSection } from "../features/shell/landing/AboutSection";
import { BioSection } from "../features/shell/landing/BioSection";
import { ContactSection } from "../features/shell/landing/ContactSection";
import { EventsSection } from "../features/shell/landing/EventsSection";
import { Hero } from "../features/shell/landing/Hero";
import { MusicSection } from "../features/shell/landing/MusicSection";
import { VipSection } from "../features/shell/landing/VipSection";

export const Route = createFileRoute("/")({ component: Home });

/** The landing page, sections in the spec's order (2.3); the header links to each id. */
function Home() {
  return (
    <div className="landing">
      <Hero />
      <MusicSection />
      <VipSection />
      <BioSection />
      <EventsSection />
      <AboutSection />
      <ContactSection />
    </div>
  );
}
