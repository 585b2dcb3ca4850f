// Visible strings of the embeddable player (/embed/track/{id}, /embed/album/{id}).
import { defineMessage, defineMessages } from "react-intl";

export const embedMessages = {
  ...defineMessages({
    preview: { id: "embed.preview", defaultMessage: "Preview" },
    tracks: { id: "embed.tracks", defaultMessage: "Tracks" },
    failed: { id: "embed.failed", defaultMessage: "The preview could not be played. Try again." },
    notFound: { id: "embed.notFound", defaultMessage: "This music is not available." },
    ended: { id: "embed.ended", defaultMessage: "That was the preview." },
    noPreview: { id: "embed.noPreview", defaultMessage: "No preview" },
    loading: { id: "embed.loading", defaultMessage: "Loading…" },
  }),
  listenInFull: defineMessage<{ brand: string }>({ id: "embed.listenInFull", defaultMessage: "Listen in full on {brand}" }),
  play: defineMessage<{ title: string }>({ id: "embed.play", defaultMessage: "Play the preview of {title}" }),
  pause: defineMessage<{ title: string }>({ id: "embed.pause", defaultMessage: "Pause {title}" }),
  position: defineMessage<{ title: string }>({ id: "embed.position", defaultMessage: "Position in the preview of {title}" }),
  title: defineMessage<{ title: string; brand: string }>({ id: "embed.title", defaultMessage: "{title} · {brand} player" }),
};
