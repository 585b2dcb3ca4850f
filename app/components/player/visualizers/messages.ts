// Names of the visualizer styles and themes, and the canvas's accessible label.
import { defineMessage, defineMessages, type MessageDescriptor } from "react-intl";
import type { ThemeName, VisualizerStyle } from "./themes";

export const visualizerLabelMessage = defineMessage<{ style: string }>({ id: "visualizer.label", defaultMessage: "Audio visualizer: {style}" });

export const styleNames: Record<VisualizerStyle, MessageDescriptor> = defineMessages({
  bars: { id: "visualizer.style.bars", defaultMessage: "Bars" },
  circular: { id: "visualizer.style.circular", defaultMessage: "Circular" },
  waveform: { id: "visualizer.style.waveform", defaultMessage: "Waveform" },
  particles: { id: "visualizer.style.particles", defaultMessage: "Particles" },
});

export const themeNames: Record<ThemeName, MessageDescriptor> = defineMessages({
  synthwave: { id: "visualizer.theme.synthwave", defaultMessage: "Synthwave" },
  vaporwave: { id: "visualizer.theme.vaporwave", defaultMessage: "Vaporwave" },
  cyberpunk: { id: "visualizer.theme.cyberpunk", defaultMessage: "Cyberpunk" },
});
