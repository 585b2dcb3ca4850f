// The music player's visualizers: pure canvas drawings, the themes they share with the page, and
// the <Visualizer> component that runs them.
export * from "./draw";
export * from "./themes";
export { styleNames, themeNames, visualizerLabelMessage } from "./messages";
export { Visualizer, type VisualizerProps } from "./Visualizer";
