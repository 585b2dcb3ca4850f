// What the root layout mounts (lazily, see app/lib/radioPresence.ts) once a radio page has used
// the radio: the engine's wiring and the persistent mini player.
import { MiniRadioPlayer } from "./MiniRadioPlayer";
import RadioMessages from "./messages?feature";
import { useRadioWiring } from "./RadioProvider";

export default function RadioHost({ showBar }: { showBar: boolean }) {
  useRadioWiring();
  return showBar ? (
    <RadioMessages>
      <MiniRadioPlayer />
    </RadioMessages>
  ) : null;
}
