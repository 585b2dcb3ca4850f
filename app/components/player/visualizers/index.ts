// The players' visualizers (the popups, the radio page): pure canvas drawings, the themes they
// share with the popup page, and the <Visualizer> component that runs them.
export * from "./draw";
export * from "./themes";
export { Visualizer } from "./Visualizer";
