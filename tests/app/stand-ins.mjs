// Each app test file's globals are happy-dom's window (vitest.config.ts: a VM context per file),
// which has no TextDecoderStream; browsers do, and the app reads streamed answers with it. Node's
// stands in: it takes the chunks of Node's own streams, which happy-dom's Response gives. (A
// JavaScript file: the app's type check has no Node types to check this import against.)
import { TextDecoderStream } from "node:stream/web";

globalThis.TextDecoderStream ??= TextDecoderStream;
