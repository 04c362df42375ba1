import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";

export interface HtmlWalker {
  /** An element opens (tag and attribute names lowercased, entities decoded). Void elements close at once. */
  open(name: string, attribs: Record<string, string>): void;
  /** The innermost open element closes (explicitly, implied by a sibling, or at the end of input). */
  close(name: string): void;
  /** Text (entities decoded); raw text of script/style arrives too, inside those elements. */
  text(data: string): void;
}

const VOID = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

const P = new Set(["p"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p"]);
const FORM = new Set(["input", "option", "optgroup", "select", "button", "datalist", "textarea"]);
const DDT = new Set(["dd", "dt"]);
const SECTIONS = new Set(["thead", "tbody"]);
/** Same rules as htmlparser2's Parser: opening the key closes these if they are the innermost element. */
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["a", new Set(["a"])],
  ["li", new Set(["li"])],
  ["p", P],
  ...["h1", "h2", "h3", "h4", "h5", "h6"].map((h): [string, Set<string>] => [h, HEADINGS]),
  ...["select", "input", "output", "button", "datalist", "textarea"].map((t): [string, Set<string>] => [t, FORM]),
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", DDT],
  ["dt", DDT],
  ...[
    "address",
    "article",
    "aside",
    "blockquote",
    "details",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "header",
    "hr",
    "main",
    "nav",
    "ol",
    "pre",
    "section",
    "table",
    "ul",
  ].map((t): [string, Set<string>] => [t, P]),
  ["rt", new Set(["rt", "rp"])],
  ["rp", new Set(["rt", "rp"])],
  ["tbody", SECTIONS],
  ["tfoot", SECTIONS],
]);

function fromCodePoint(cp: number): string {
  try {
    return String.fromCodePoint(cp);
  } catch {
    return "\ufffd";
  }
}

/**
 * Stream HTML as balanced open/close/text events, in linear time.
 *
 * Why not htmlparser2's Parser: it keeps its element stack with Array#unshift and indexOf, which is quadratic
 * on deeply nested broken pages (200k unclosed <span> took ~10 s). We reuse its forgiving Tokenizer (entities,
 * raw-text script/style/title, comments) and keep our own stack with per-name counts, with the same
 * implied-close rules. Stray end tags are ignored (a stray </p> yields an empty <p>, as browsers do).
 */
export function walkHtml(html: string, walker: HtmlWalker): void {
  const stack: string[] = [];
  const counts = new Map<string, number>();
  let tagName = "";
  let attribs: Record<string, string> = {};
  let attribName = "";
  let attribValue = "";

  const push = (name: string): void => {
    stack.push(name);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  const pop = (): void => {
    const name = stack.pop();
    if (name === undefined) return;
    counts.set(name, (counts.get(name) ?? 1) - 1);
    walker.close(name);
  };
  const inForeign = (): boolean => (counts.get("svg") ?? 0) > 0 || (counts.get("math") ?? 0) > 0;

  const openTag = (selfClosing: boolean): void => {
    const name = tagName;
    tagName = "";
    if (!name) return;
    const implied = OPEN_IMPLIES_CLOSE.get(name);
    if (implied) {
      while (stack.length > 0 && implied.has(stack[stack.length - 1] ?? "")) pop();
    }
    walker.open(name, attribs);
    attribs = {};
    if (VOID.has(name)) {
      walker.close(name);
      return;
    }
    push(name);
    // Self-closing syntax only counts in SVG/MathML (in HTML "<div/>" is just "<div>").
    if (selfClosing && inForeign()) pop();
  };

  const slice = (start: number, end: number): string => html.slice(start, end);

  const cbs: TokenizerCallbacks = {
    onattribdata(start, end) {
      attribValue += slice(start, end);
    },
    onattribentity(cp) {
      attribValue += fromCodePoint(cp);
    },
    onattribend() {
      if (tagName && !Object.hasOwn(attribs, attribName)) attribs[attribName] = attribValue;
      attribValue = "";
    },
    onattribname(start, end) {
      attribName = slice(start, end).toLowerCase();
    },
    oncdata() {},
    oncomment() {},
    ondeclaration() {},
    onprocessinginstruction() {},
    onclosetag(start, end) {
      const name = slice(start, end).toLowerCase();
      if (VOID.has(name)) {
        if (name === "br") {
          // "</br>" is a <br> in browsers.
          walker.open("br", {});
          walker.close("br");
        }
      } else if ((counts.get(name) ?? 0) > 0) {
        while (stack.length > 0 && stack[stack.length - 1] !== name) pop();
        pop();
      } else if (name === "p") {
        walker.open("p", {});
        walker.close("p");
      }
    },
    onend() {
      while (stack.length > 0) pop();
    },
    onopentagname(start, end) {
      tagName = slice(start, end).toLowerCase();
      attribs = {};
    },
    onopentagend() {
      openTag(false);
    },
    onselfclosingtag() {
      openTag(true);
    },
    ontext(start, end) {
      walker.text(slice(start, end));
    },
    ontextentity(cp) {
      walker.text(fromCodePoint(cp));
    },
    isInForeignContext: inForeign,
  };

  const tokenizer = new Tokenizer({ decodeEntities: true }, cbs);
  tokenizer.write(html);
  tokenizer.end();
}
