import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareResult } from "../../engine/prepare-result";
import { buildModelWindows, getBatcher } from "./create-model-scorer";
import { loadModel, sessionLayout } from "./load-model";
import { modelsDir } from "./models-dir";
import { runBatch } from "./window-batcher";

describe("sessionLayout", () => {
  it("runs one single-threaded session per core (at most 4) when no thread count is given", () => {
    expect(sessionLayout({ provider: "cpu", cores: 2 })).toEqual({ sessions: 2, threads: 1 });
    expect(sessionLayout({ provider: "cpu", cores: 16 })).toEqual({ sessions: 4, threads: 4 });
    expect(sessionLayout({ provider: "cpu", cores: 1 })).toEqual({ sessions: 1, threads: 1 });
  });

  it("keeps one session with the given threads (SNIPPET_LAB_INTRA_OP_THREADS, --threads) and one on CUDA", () => {
    expect(sessionLayout({ provider: "cpu", cores: 8, threads: 3 })).toEqual({ sessions: 1, threads: 3 });
    expect(sessionLayout({ provider: "cuda", cores: 8 })).toEqual({ sessions: 1, threads: 8 });
    expect(sessionLayout({ provider: "cpu", cores: 8, sessions: 1 })).toEqual({ sessions: 1, threads: 8 });
  });
});

const hasModel = existsSync(path.join(modelsDir(), "snippet-lab", "model.onnx"));

describe.runIf(hasModel)("sessions in worker threads", () => {
  const body = "The Golden Gate Bridge opened on May 27, 1937. Its main span is 4,200 feet long. ".repeat(60);

  it("gives the same outputs with two sessions as with one, alone, batched, and through the shared batcher", async () => {
    const one = await loadModel({ name: "snippet-lab", intraOpNumThreads: 1 });
    const two = await loadModel({ name: "snippet-lab", sessions: 2, intraOpNumThreads: 1 });
    expect(two.workers).toHaveLength(2);
    const results = [prepareResult({ id: "0", text: body, title: "Golden Gate Bridge" })];
    const windows = buildModelWindows(one, "When did the bridge open?", results).windows.flat();
    expect(windows.length).toBeGreaterThan(1);
    // The same batches on either layout give the same bytes (a batch's padding may move the last float bits, so
    // each window is compared with itself run alone, or with the same batch).
    const alone = await Promise.all(windows.map(async (w) => (await runBatch(one, [w]))[0]!));
    const spread = await Promise.all(windows.map(async (w) => (await runBatch(two, [w]))[0]!));
    const [batchedOne, batchedTwo] = await Promise.all([runBatch(one, windows), runBatch(two, windows)]);
    spread.forEach((o, k) => {
      expect(o.probs).toEqual(alone[k]!.probs);
      expect(o.categories).toEqual(alone[k]!.categories);
      expect(o.probs.length).toBe(windows[k]!.inputIds.length);
    });
    batchedTwo.forEach((o, k) => expect(o.probs).toEqual(batchedOne[k]!.probs));
    // Through the shared batcher (two requests at once, batches on both sessions): each window gets its own outputs
    // (close, not equal: the int8 graph quantizes activations per batch, so a window's neighbours move its last bits).
    const t0 = performance.now();
    const [timed, first] = await Promise.all([getBatcher(two).runTimed(windows), getBatcher(two).run(windows.slice(0, 1))]);
    const elapsed = performance.now() - t0;
    const all = timed.outputs;
    // Model time is the time any of its batches ran (batches on both sessions overlap), never more than it waited.
    expect(timed.timings.modelMs).toBeGreaterThan(0);
    expect(timed.timings.modelMs + timed.timings.queueMs).toBeLessThanOrEqual(elapsed + 1);
    all.forEach((o, k) => {
      expect(o.probs.length).toBe(windows[k]!.inputIds.length);
      o.probs.forEach((p, t) => expect(Math.abs(p - alone[k]!.probs[t]!)).toBeLessThan(0.01));
    });
    expect(first[0]!.probs.length).toBe(windows[0]!.inputIds.length);
  });

  it("rejects a window without the features the model needs, and keeps serving", async () => {
    const model = await loadModel({ name: "snippet-lab", intraOpNumThreads: 1 });
    await expect(runBatch(model, [{ inputIds: [1, 2, 3], typeIds: [0, 0, 0] }])).rejects.toThrow(/features per token/);
    const results = [prepareResult({ id: "0", text: "A short page about bridges.", title: "Bridges" })];
    const [w] = buildModelWindows(model, "bridges", results).windows.flat();
    expect((await runBatch(model, [w!]))[0]!.probs.length).toBe(w!.inputIds.length);
  });
});

describe.runIf(hasModel)("a session that dies", () => {
  it("rejects what waits on it, ends its siblings once they answer what they were sent, and the model loads afresh", async () => {
    // A layout no other test uses: the cached model is dropped here.
    const model = await loadModel({ name: "snippet-lab", sessions: 3, intraOpNumThreads: 1 });
    const [a, b, c] = model.workers;
    const [w] = buildModelWindows(model, "When did it open?", [prepareResult({ id: "0", text: "It opened in 1937. It is red." })]).windows.flat();
    const onA = runBatch(model, [w!]); // the least busy session: a
    const onB = runBatch(model, [w!]); // then b
    expect(a!.pending).toBe(1);
    expect(b!.pending).toBe(1);
    const rejected = expect(onA).rejects.toThrow(/terminated/);
    await a!.terminate();
    await rejected;
    // c was idle and ended at once; b answered its batch, then ended.
    expect(c!.ended).toBe(true);
    expect((await onB)[0]!.probs.length).toBe(w!.inputIds.length);
    expect(b!.ended).toBe(true);
    await expect(runBatch(model, [w!])).rejects.toThrow(/terminated/);
    const again = await loadModel({ name: "snippet-lab", sessions: 3, intraOpNumThreads: 1 });
    expect(again).not.toBe(model);
    expect((await runBatch(again, [w!]))[0]!.probs.length).toBe(w!.inputIds.length);
    await Promise.all(again.workers.map((x) => x.terminate()));
  }, 60_000);
});

describe.runIf(hasModel)("a process with idle inference workers", () => {
  it("exits by itself once its batches are answered, even when one of its two sessions never ran one", async () => {
    const { spawnSync } = await import("node:child_process");
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const os = await import("node:os");
    const root = path.resolve(__dirname, "../../..");
    const at = (f: string) => JSON.stringify(path.join(root, f));
    // The CLI's and prepare-db's situation: load the model on two sessions, score one window, return.
    const script = `
      import { buildModelWindows } from ${at("lib/server/model/create-model-scorer.ts")};
      import { loadModel } from ${at("lib/server/model/load-model.ts")};
      import { runBatch } from ${at("lib/server/model/window-batcher.ts")};
      import { prepareResult } from ${at("lib/engine/prepare-result.ts")};
      const model = await loadModel({ name: "snippet-lab", sessions: 2, intraOpNumThreads: 1 });
      const [w] = buildModelWindows(model, "When?", [prepareResult({ id: "0", text: "It opened in 1937." })]).windows.flat();
      await runBatch(model, [w]);
      console.log("scored");`;
    const dir = mkdtempSync(path.join(os.tmpdir(), "idle-workers-"));
    const file = path.join(dir, "score-once.mts");
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", file], { cwd: root, encoding: "utf8", timeout: 60_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(run.stdout + run.stderr).toContain("scored");
    expect(run.signal).toBeNull(); // killed by the timeout: something kept the process alive
    expect(run.status).toBe(0);
  }, 90_000);
});
