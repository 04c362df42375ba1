import { createElement, type ComponentType, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./field";

/** A Field around one control (children as createElement's third argument, as JSX passes them). */
const field = (props: { label: string; hint?: string }, control: ReturnType<typeof createElement>) =>
  createElement(Field as ComponentType<{ label: string; hint?: string; children?: ReactNode }>, props, control);

describe("Field", () => {
  it("names the control by its label alone; the hint describes it", () => {
    const html = renderToStaticMarkup(field({ label: "Role", hint: "pair:read, pair:annotate" }, createElement("select", { name: "role" })));
    const label = /<label[^>]*>(.*?)<\/label>/.exec(html)?.[1] ?? "";
    expect(label.replace(/<[^>]+>/g, "")).toBe("Role");
    const hintId = /<span id="([^"]+)"[^>]*>pair:read, pair:annotate<\/span>/.exec(html)?.[1];
    expect(hintId).toBeTruthy();
    expect(html).toContain(`<select name="role" aria-describedby="${hintId}">`);
  });

  it("without a hint: the label and the control only", () => {
    const html = renderToStaticMarkup(field({ label: "Name" }, createElement("input", { name: "n" })));
    expect(html).toBe(
      '<div class="space-y-1 text-sm"><label class="block space-y-1"><span class="block font-medium text-slate-700">Name</span><input name="n"/></label></div>',
    );
  });
});
