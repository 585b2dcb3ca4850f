// FLAC and WAV without native code or WebAssembly (no well-kept pure-JS codec runs in workerd:
// decision 121): what the masters' derivation job uses. The decoder, the encoder and the WAV
// framing are in their own modules (decode.ts, encode.ts, wav.ts), tested one by one.
export { FlacError } from "./decode";
export { flacToWav, wavToFlac } from "./convert";
export type { FlacTags } from "./encode";
