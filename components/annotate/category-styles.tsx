import { CATEGORY_META, SPAN_CATEGORIES, type SpanCategory } from "@/lib/spans/categories";

/**
 * Each category differs by colour (Okabe–Ito) AND by line style, so marks stay distinguishable without colour:
 * solid, wavy, dashed, dotted, double, and under+overline; each sits at its own offset so overlapping categories
 * show as separate lines.
 */
export const CATEGORY_LINE: Record<SpanCategory, { style: string; line: string; offset: number; name: string }> = {
  vital: { style: "solid", line: "underline", offset: 2, name: "solid underline" },
  off_topic: { style: "wavy", line: "underline", offset: 5, name: "wavy underline" },
  ads: { style: "dashed", line: "underline", offset: 8, name: "dashed underline" },
  metadata: { style: "dotted", line: "underline", offset: 11, name: "dotted underline" },
  ui_navigation: { style: "double", line: "underline", offset: 4, name: "double underline" },
  duplicate: { style: "solid", line: "underline overline", offset: 6, name: "under- and overline" },
};

const hexToRgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255}`;
};

function css(): string {
  const rules: string[] = [
    // Region labels are pseudo-elements: no text node, so selections and offsets never include them.
    `.am-region::before{content:attr(data-label);display:block;font-size:10px;font-weight:600;letter-spacing:.05em;text-transform:uppercase;color:rgb(100 116 139);margin-bottom:2px;user-select:none}`,
    `.am-mark{cursor:pointer;text-decoration-skip-ink:none;text-decoration-thickness:2px}`,
    `.am-mark:focus-visible{outline:2px solid #000;outline-offset:1px}`,
    `.am-layer-gold{border-top:2px dotted var(--am-c);}`,
    `.am-layer-judge,.am-layer-model{outline:1px dashed var(--am-c);outline-offset:-1px;background-image:repeating-linear-gradient(135deg,rgb(var(--am-rgb)/.16) 0 3px,transparent 3px 6px)}`,
    `.am-layer-mine{background-color:rgb(var(--am-rgb)/.14)}`,
    `.am-layer-categories{border-bottom:3px dotted var(--am-c);cursor:default}`,
    // Gold the current threshold/budget drops (vital gold only): struck through, so "lost" reads without colour too.
    `.am-layer-gold[data-gold-kept="0"]{text-decoration-line:line-through;text-decoration-color:rgb(15 23 42/.75);text-decoration-thickness:2px}`,
    // Review: a range only this annotator marked (boxed), and the clicked span or candidate (yellow).
    `.am-flag-only{outline:2px solid rgb(15 23 42);outline-offset:1px;border-radius:2px}`,
    `.am-flag-focus{outline:2px solid #A16207;outline-offset:0;background-image:none;background-color:rgb(250 204 21/.45)}`,
  ];
  for (const c of SPAN_CATEGORIES) {
    const { color } = CATEGORY_META[c];
    const l = CATEGORY_LINE[c];
    rules.push(`.am-c-${c}{--am-c:${color};--am-rgb:${hexToRgb(color)}}`);
    rules.push(
      `.am-layer-mine.am-c-${c}{text-decoration-line:${l.line};text-decoration-style:${l.style};text-decoration-color:${color};text-underline-offset:${l.offset}px}`,
    );
  }
  return rules.join("\n");
}

const CSS = css();

/** The workspace's mark styles (one generated style sheet instead of per-element styles). */
export function CategoryStyles() {
  return <style>{CSS}</style>;
}

/** A small sample of a category's mark for legends and menus. */
export function CategorySwatch({
  category,
  layer = "mine",
  flag,
  goldKept,
}: {
  category: SpanCategory;
  layer?: "mine" | "gold" | "judge";
  flag?: "only" | "focus";
  goldKept?: boolean;
}) {
  return (
    <span
      className={`am-mark am-layer-${layer} am-c-${category}${flag ? ` am-flag-${flag}` : ""} inline-block rounded-sm px-1 font-mono text-[11px] leading-5`}
      {...(goldKept === undefined ? {} : { "data-gold-kept": goldKept ? "1" : "0" })}
      aria-hidden="true"
    >
      Abc
    </span>
  );
}
