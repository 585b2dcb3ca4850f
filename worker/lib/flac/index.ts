// FLAC and WAV without native code or WebAssembly (no well-kept pure-JS codec runs in workerd:
// decision 121): the decoder, the encoder and the WAV framing they convert through.
export { OutOfData } from "./bits";
export { decodeFrame, readStreamHeader, FlacError, type StreamInfo } from "./decode";
export { encodeFrame, encodeStreamHeader, ENCODE_BLOCK_SIZE } from "./encode";
export { readWavHeader, wavHeader, pcmToChannels, channelsToPcm, type PcmFormat } from "./wav";
export { flacToWav, wavToFlac, type Written } from "./convert";
