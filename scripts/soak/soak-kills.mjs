// The faults of a soak (scripts/soak.mjs): at one third and two thirds of the run, one app instance and one worker
// are killed (SIGKILL), marked down for the clients, and restarted; each kill is recorded in `kills`.
import { markDown } from "./soak-client.mjs";

/** Kills and restarts apps[0] and workers[0] at 1/3 and 2/3 of the run, unless the soak is shutting down. */
export async function runKills({ t0, durationMs, apps, workers, instances, kills, stats, isShuttingDown, log }) {
  for (const fraction of [1 / 3, 2 / 3]) {
    const at = t0 + fraction * durationMs;
    while (Date.now() < at && !isShuttingDown()) await new Promise((r) => setTimeout(r, Math.min(1000, at - Date.now())));
    if (isShuttingDown()) return;
    const [app, worker, instance] = [apps[0], workers[0], instances[0]];
    const event = {
      atS: Math.round((Date.now() - t0) / 1000),
      name: `${app.name} + ${worker.name}`,
      pid: `${app.current.pid}, ${worker.current.pid}`,
      inFlight: instance.inFlight,
    };
    kills.events.push(event);
    markDown(instance);
    app.kill();
    worker.kill();
    log(`SIGKILL ${app.name} (pid ${app.current.pid}, ${event.inFlight} requests in flight) and ${worker.name} (pid ${worker.current.pid})`);
    const killedAt = Date.now();
    await new Promise((r) => setTimeout(r, 2_000));
    try {
      await Promise.all([app.start(), worker.start()]);
      instance.up = true;
      event.readyAfterS = Math.round((Date.now() - killedAt) / 100) / 10;
      kills.done++;
      log(`${app.name} and ${worker.name} restarted, ready ${event.readyAfterS} s after the kill`);
    } catch (e) {
      stats.error({ at: Date.now(), kind: "process", cls: "other", what: `restart after the kill failed: ${e.message.split("\n")[0]}` });
    }
  }
}
