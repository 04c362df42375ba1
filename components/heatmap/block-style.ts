import type { BlockView } from "./build-heatmap-view";

/** Labels of the page regions that are not main content (navigation, header, …), shown above their box. */
export const ROLE_LABEL: Record<string, string> = {
  navigation: "navigation",
  header: "page header",
  footer: "footer",
  aside: "aside",
  form: "form",
  comment: "comments",
};

/** Tailwind classes that make a canonical block look like what it was on the page. */
export function blockClass(b: BlockView): string {
  switch (b.kind) {
    case "heading":
      return b.level === 1 ? "mt-4 mb-2 text-xl font-bold" : b.level === 2 ? "mt-4 mb-1.5 text-lg font-bold" : "mt-3 mb-1 font-bold";
    case "list-item":
      return "hm-block-list-item ml-6 my-0.5";
    case "table-row":
      return "border-b border-slate-200 py-0.5 font-mono text-[13px]";
    case "code":
      return "my-2 rounded bg-slate-100 p-2 font-mono text-[13px]";
    case "quote":
      return "my-2 border-l-4 border-slate-300 pl-3 italic";
    default:
      return "my-2";
  }
}
