import { describe, expect, it } from "vitest";
import { accountAuditChanges } from "./account-audit-changes";

describe("accountAuditChanges", () => {
  it("one change per aspect that changed, in a fixed order; none when nothing did", () => {
    const a = { name: "Ann", role: "annotator", disabled: false };
    expect(accountAuditChanges(a, a)).toEqual([]);
    expect(accountAuditChanges(a, { name: "Annie", role: "reviewer", disabled: true })).toEqual([
      { kind: "role", before: { role: "annotator" }, after: { role: "reviewer" } },
      { kind: "disable", before: { disabled: false }, after: { disabled: true } },
      { kind: "rename", before: { name: "Ann" }, after: { name: "Annie" } },
    ]);
    expect(accountAuditChanges({ ...a, disabled: true }, a).map((c) => c.kind)).toEqual(["enable"]);
  });
});
