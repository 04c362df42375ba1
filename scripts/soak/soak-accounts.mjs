// The soak's accounts and datasets, made through the API as a team would (scripts/soak.mjs): the admin signs in and
// creates the annotators, reviewers and researcher, the soak dataset and the fixed-size dataset the sweeps run over.
import { randomBytes } from "node:crypto";

/** Signs the admin in and creates the users and the two datasets; every one must succeed. */
export async function setUpAccounts({ client, adminEmail, adminPassword, runId, config }) {
  const must = async (what, req) => {
    const r = await client.call(req);
    if (!r.ok) throw new Error(`${what} failed: HTTP ${r.status} ${r.text?.slice(0, 300) ?? ""}`);
    return r.json;
  };
  const password = `soak-${randomBytes(12).toString("hex")}`;
  const admin = await client.signIn({ email: adminEmail, password: adminPassword });
  const newUser = async (role, i) => {
    const user = { email: `soak-${runId}-${role}${i}@soak.test`, password, role };
    await must(`creating ${user.email}`, {
      kind: "setup",
      method: "POST",
      path: "/api/users",
      json: { ...user, name: `Soak ${role} ${i}` },
      user: admin,
      expect: [201],
    });
    return client.signIn(user);
  };
  const annotators = [];
  for (let i = 0; i < config.annotators; i++) annotators.push(await newUser("annotator", i));
  const reviewers = [];
  for (let i = 0; i < config.reviewers; i++) reviewers.push(await newUser("reviewer", i));
  const researcher = await newUser("researcher", 0);
  const dataset = await must("creating the dataset", {
    kind: "setup",
    method: "POST",
    path: "/api/v1/datasets",
    json: { name: `soak-${runId}`, description: "scripts/soak.mjs" },
    user: admin,
    expect: [201],
  });
  // The researcher's sweeps run over a dataset of a fixed size: a sweep holds its pairs in the workers' caches, so
  // sweeping the growing soak dataset would grow the workers' memory with the data (docs/soak.md, "Leak or warm-up").
  const sweepDataset = await must("creating the sweep dataset", {
    kind: "setup",
    method: "POST",
    path: "/api/v1/datasets",
    json: { name: `soak-${runId}-sweep`, description: "scripts/soak.mjs: a fixed set of gold pairs for the sweeps" },
    user: admin,
    expect: [201],
  });
  return { admin, annotators, reviewers, researcher, dataset, sweepDataset };
}
