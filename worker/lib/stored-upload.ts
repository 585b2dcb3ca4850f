// A file a browser sent in parts to an R2 multipart upload (the catalog's folder import, a contest
// entry's audio): joining the parts once every one is stored, then reading the joined object back
// past a probe, one chunk at a time, so nothing holds the whole file.
import { ProbeSink, type Probe } from "./probe-sink";
import { chunksOf } from "./r2-parts";

/** The multipart upload to join: its key, R2's upload id, and the size the parts add up to. */
export type PartedUpload = { key: string; uploadId: string; size: number };

/**
 * Joins the parts in R2. A second call after the join (a retry, a racing complete) finds the upload
 * gone but the object there at the declared size, and passes; any other failure is thrown.
 */
export async function joinUploadedParts(bucket: R2Bucket, upload: PartedUpload, parts: { number: number; etag: string }[]): Promise<void> {
  try {
    await bucket.resumeMultipartUpload(upload.key, upload.uploadId).complete(parts.map((p) => ({ partNumber: p.number, etag: p.etag })));
  } catch (err) {
    const joined = await bucket.head(upload.key);
    if (joined?.size !== upload.size) throw err;
  }
}

/** What the probes need of a stored object (its head, tail, size, moov), streamed past a ProbeSink; null when it is missing. */
export async function probeStoredObject(bucket: R2Bucket, key: string): Promise<Probe | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const sink = new ProbeSink();
  for await (const chunk of chunksOf(object.body)) sink.push(chunk);
  return sink.result();
}
