import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSentenceEncoder, sentenceEncoderDir, sentenceEncoderFingerprint, sentenceEncoderUsage } from "./load-sentence-encoder";

describe("sentence vectors kept by the text they encode and the encoder's weights", () => {
  it("encodes a sentence once for every encoder instance of the same weights, and again for other weights", async () => {
    const text = `The harbour museum opens at nine on weekdays (${Date.now()}).`;
    const release = await loadSentenceEncoder();
    const before = sentenceEncoderUsage();
    const [v] = await release.embed([text]);
    expect(sentenceEncoderUsage().encoded - before.encoded).toBe(1);
    // Another instance of the same weights (another folder key, one session): the vector comes from memory.
    const twin = await loadSentenceEncoder(sentenceEncoderDir() + path.sep, { sessions: 1 });
    expect(twin.fingerprint).toBe(release.fingerprint);
    const again = sentenceEncoderUsage();
    expect(await twin.embed([text, text])).toEqual([v, v]);
    expect(sentenceEncoderUsage().encoded - again.encoded).toBe(0);
    // The tuned weights are another encoder: their own vector.
    const tuned = await loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned"));
    expect(tuned.fingerprint).not.toBe(release.fingerprint);
    const [t] = await tuned.embed([text]);
    expect(sentenceEncoderUsage().encoded - again.encoded).toBe(1);
    expect(t).not.toEqual(v);
  });

  it("gives the loaded encoder's fingerprint from the files alone", async () => {
    expect(sentenceEncoderFingerprint(sentenceEncoderDir("sentence-encoder-tuned"))).toBe(
      (await loadSentenceEncoder(sentenceEncoderDir("sentence-encoder-tuned"))).fingerprint,
    );
    expect(sentenceEncoderFingerprint(sentenceEncoderDir("no-such-encoder"))).toBeUndefined();
  });
});
