// Once before any journey: says how far this run stretches its time limits (host-time.ts).
import { hostFactorLine } from "./host-time";

export default function globalSetup() {
  console.log(hostFactorLine());
}
