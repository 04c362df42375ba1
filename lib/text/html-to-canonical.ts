import { isChromeText } from "./chrome-text";
import { collapsedPrefixLengths, collapseWhitespace } from "./collapse-whitespace";
import { walkHtml } from "./walk-html";
import type { Block, BlockKind, BlockRole, CanonicalDoc } from "./types";

export interface HtmlToCanonicalOptions {
  /** Cap on the canonical text length; the text is cut at a block boundary. Default 5,000,000. */
  maxChars?: number;
}

// Matches the API's 5 MB per-result limit, so accepted pages are never silently cut.
const DEFAULT_MAX_CHARS = 5_000_000;
/** A bold or linked line longer than this before a <br> is text that happens to be bold, not a run-in heading. */
const MAX_RUN_IN_HEADING_CHARS = 150;

/** Elements whose content is never visible text (title is captured separately). */
const SKIP_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "head",
  "object",
  "embed",
  "canvas",
  "video",
  "audio",
  "select",
  "datalist",
  "textarea",
  "button",
]);

/** Elements that start/end a block of text (everything else is inline). */
const BLOCK_TAGS = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "header",
  "footer",
  "nav",
  "aside",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "td",
  "th",
  "caption",
  "pre",
  "blockquote",
  "figure",
  "figcaption",
  "form",
  "fieldset",
  "legend",
  "address",
  "hr",
  "details",
  "summary",
  "center",
  "body",
  "html",
  "menu",
  "dialog",
  "hgroup",
  "search",
  "option",
  "optgroup",
  "output",
  "noframes",
  "frameset",
]);

/** Structural context of an open element: what kind/role text directly inside it gets. */
interface Frame {
  name: string;
  kind: BlockKind;
  level: number;
  role: BlockRole;
  /** Inside article/main: a <header> there is the article's header, not the site banner. */
  inArticle: boolean;
  /** Inside a table row with no block element in between (so text is a cell). */
  inRow: boolean;
  pre: boolean;
  skip: boolean;
  title: boolean;
  /** Inside <a href>: its text counts towards the block's link density. */
  link: boolean;
  /** Inside <b> or <strong>: a line of such text before a <br> is a run-in heading. */
  bold: boolean;
  /** Inside an element marked as chrome (chromeOf): its role is "aside" unless the mark turns out too big. */
  chrome?: ChromeMark;
}

/**
 * An element whose class, id or tag marks chrome inside the page's text (a cookie notice, a newsletter form, share
 * buttons, a caption or credit, a byline, other stories' teasers). Its blocks take the role "aside" — what the model
 * learned for complementary text — unless it holds so much of the page's text that the mark must be wrong (a class
 * name like "share-ready" on the article's wrapper): then its blocks keep the role they had without it.
 */
interface ChromeMark {
  /** The role outside every chrome mark (what the blocks get back when the mark is too big). */
  base: BlockRole;
  /** Visible characters emitted inside this element (nested marks included). */
  chars: number;
  /** Its blocks of at least PROSE_BLOCK_CHARS characters: paragraphs of prose, which chrome rarely holds several of. */
  proseBlocks: number;
  parent: ChromeMark | undefined;
}

const ROOT: Frame = {
  name: "#root",
  kind: "paragraph",
  level: 0,
  role: "main",
  inArticle: false,
  inRow: false,
  pre: false,
  skip: false,
  title: false,
  link: false,
  bold: false,
};

/** Elements that carry a role by themselves. */
const ROLE_TAGS = new Set(["nav", "aside", "footer", "header", "form", "search"]);

/** Roots of the page: never take a role from a class name (e.g. WordPress body classes). */
const NO_CLASS_ROLE = new Set(["html", "body", "main", "article"]);

/** "comments", "comment-list", "div-comment-2", "commentlist", "commentSection", "disqus_thread"; not "commentary". */
const COMMENT_RE = /(^|[-_])comments?([-_]|$)|^comments?(list|form|body|area|respond|wrap|wrapper|section|container|thread)$|^disqus/i;
/** Class tokens that mention comments but describe state/links, not a comment section. */
const COMMENT_STATE_RE = /^(no|has|with|is)[-_]?comments?$|^comments?[-_]?(open|closed|count|number|link|links|icon|toggle)$/i;
const NAV_TOKEN_RE = /(^|[-_])(nav|navbar|navigation|menu|menus|breadcrumbs?|pagination)($|[-_])/i;
const STATE_PREFIX_RE = /^(has|is|no|with|show|toggle|open)[-_]/i;
const ASIDE_TOKEN_RE = /^(sidebar|side-bar|widget-area)$/i;
const FOOTER_TOKEN_RE = /^(site-footer|footer|global-footer|page-footer)$/i;
const HEADER_TOKEN_RE = /^(site-header|masthead|global-header|header)$/i;

/**
 * Class/id tokens of chrome that sits between an article's paragraphs (the kinds held-out real pages showed the
 * model keeping; close to Readability's "unlikely"/"negative" class lists): consent and cookie notices, newsletter,
 * subscription and login forms, share and follow calls, captions and credits, image and video containers (a player's
 * menus), bylines, datelines, post meta and author bios, related, trending and promoted stories, sponsored and ad
 * slots, widgets, pop-ups, tag lists, text meant only for screen readers. A token matches
 * whole dash/underscore parts ("share-tools", "post_meta"), not substrings ("shareholder", "metadata").
 */
const CHROME_TOKEN_RE =
  /(^|[-_])(cookies?|gdpr|consent|newsletters?|subscribe|subscriptions?|signup|optin|paywall|login|signin|share|shares|sharing|sharebar|sharedaddy|social|socials|follow|reactions|captions?|credits?|byline|bylines|dateline|timestamp|pubdate|meta|author|authors|bio|related|recommended|recommendations|trending|popular|mostread|promo|promos|promotion|teaser|teasers|outbrain|taboola|sponsored|sponsor|advert|adverts|advertisement|ads?|adslot|widgets?|tags|video|videos|player|gallery|slideshow|carousel|lightbox|photos?|images?|img|popup|modal|sr-only|screen-reader-text|visually-hidden|visuallyhidden)($|[-_])/i;
/** Tokens that name the article itself: an element carrying one is never chrome ("article-body share-target"). */
const CONTENT_TOKEN_RE = /^(article|story|post|entry|content|main|body|text)([-_](body|content|text|main|inner))?$/i;
/** Tags whose text is a caption or a figure's credit wherever they sit. */
const CHROME_TAGS = new Set(["figure", "figcaption"]);
/**
 * A chrome mark is taken to be wrong (see ChromeMark) when it holds more than this share of the page's main text, or
 * at least MAX_CHROME_PROSE_BLOCKS paragraphs of PROSE_BLOCK_CHARS characters or more (an article shown in a
 * "render-target-modal" beside a long stream of teasers is a small share of the page, but it is prose).
 */
const MAX_CHROME_SHARE = 0.4;
const PROSE_BLOCK_CHARS = 200;
const MAX_CHROME_PROSE_BLOCKS = 3;

/** Whether a block-level element is marked as chrome by its tag or its class/id tokens (see CHROME_TOKEN_RE). */
function isChrome(name: string, attribs: Record<string, string>): boolean {
  if (CHROME_TAGS.has(name)) return true;
  if (!BLOCK_TAGS.has(name) || NO_CLASS_ROLE.has(name)) return false;
  if (attribs.id === undefined && attribs.class === undefined) return false;
  const tokens = `${attribs.id ?? ""} ${attribs.class ?? ""}`
    .replace(/([a-z])([A-Z])/g, "$1-$2")
    .split(/\s+/)
    .filter(Boolean);
  if (tokens.some((t) => CONTENT_TOKEN_RE.test(t))) return false;
  return tokens.some((t) => CHROME_TOKEN_RE.test(t) && !STATE_PREFIX_RE.test(t));
}

function roleFromAttributes(name: string, attribs: Record<string, string>, inArticle: boolean): BlockRole | undefined {
  if (attribs.role === undefined && attribs.id === undefined && attribs.class === undefined && !ROLE_TAGS.has(name)) {
    return undefined; // fast path: most elements carry no role hint
  }
  const aria = (attribs.role ?? "").toLowerCase().trim();
  // camelCase to kebab-case so "commentSection" / "mainNav" match like "comment-section" / "main-nav".
  const tokens = `${attribs.id ?? ""} ${attribs.class ?? ""}`
    .replace(/([a-z])([A-Z])/g, "$1-$2")
    .split(/\s+/)
    .filter(Boolean);
  const classRoles = !NO_CLASS_ROLE.has(name);
  if (aria === "comment") return "comment";
  if (classRoles && tokens.some((t) => COMMENT_RE.test(t) && !COMMENT_STATE_RE.test(t))) return "comment";
  if (name === "nav" || aria === "navigation" || aria === "menu" || aria === "menubar") return "navigation";
  if (classRoles && tokens.some((t) => NAV_TOKEN_RE.test(t) && !STATE_PREFIX_RE.test(t))) return "navigation";
  if (name === "aside" || aria === "complementary") return "aside";
  if (classRoles && tokens.some((t) => ASIDE_TOKEN_RE.test(t))) return "aside";
  if (name === "footer" || aria === "contentinfo") return "footer";
  if (classRoles && tokens.some((t) => FOOTER_TOKEN_RE.test(t))) return "footer";
  if (!inArticle && (name === "header" || aria === "banner")) return "header";
  if (!inArticle && classRoles && tokens.some((t) => HEADER_TOKEN_RE.test(t))) return "header";
  if (name === "form" || aria === "search" || name === "search") return "form";
  return undefined;
}

function isHidden(attribs: Record<string, string>): boolean {
  if (attribs.hidden !== undefined) return true; // the hidden attribute (any value) hides the element
  const style = attribs.style;
  return style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}

/** Context for a child element, derived from its parent in O(1) so deep pages stay linear. */
function childFrame(parent: Frame, name: string, attribs: Record<string, string>): Frame {
  const f: Frame = {
    name,
    kind: parent.kind,
    level: parent.level,
    role: parent.role,
    inArticle: parent.inArticle,
    inRow: parent.inRow,
    pre: parent.pre,
    skip: parent.skip,
    title: false,
    link: parent.link || (name === "a" && attribs.href !== undefined),
    bold: parent.bold || name === "b" || name === "strong",
  };
  if (SKIP_TAGS.has(name) || isHidden(attribs)) f.skip = true;
  if (name === "title") {
    // Page title (in <head> or stray in body), but not an SVG <title> tooltip; never body text.
    f.title = !parent.skip || parent.name === "head";
    f.skip = true;
  }
  const aria = (attribs.role ?? "").toLowerCase();
  if (name === "article" || name === "main" || aria === "main" || aria === "article") f.inArticle = true;
  const role = roleFromAttributes(name, attribs, parent.inArticle);
  if (parent.chrome) f.chrome = parent.chrome;
  if (role) {
    // An explicit region (navigation, a comment section, a form…) inside chrome is that region, not chrome.
    f.role = role;
    f.chrome = undefined;
  } else if (!parent.skip && (parent.role === "main" || parent.chrome) && isChrome(name, attribs)) {
    f.chrome = { base: parent.chrome ? parent.chrome.base : parent.role, chars: 0, proseBlocks: 0, parent: parent.chrome };
    f.role = "aside";
  }
  const heading = name.length === 2 && name[0] === "h" ? /^h([1-6])$/.exec(name) : null;
  if (heading) {
    f.kind = "heading";
    f.level = Number(heading[1]);
    f.inRow = false;
  } else if (name === "pre" || name === "listing" || name === "xmp" || name === "plaintext") {
    f.kind = "code";
    f.pre = true;
    f.inRow = false;
  } else if (name === "li") {
    f.kind = "list-item";
    f.inRow = false;
  } else if (name === "blockquote") {
    f.kind = "quote";
    f.inRow = false;
  } else if (name === "tr") {
    f.kind = "table-row";
    f.inRow = true;
  } else if (name === "table") {
    // Caption and stray text of a table are plain paragraphs, even inside a list item.
    f.kind = "paragraph";
    f.inRow = false;
  } else if (name !== "td" && name !== "th" && parent.inRow && BLOCK_TAGS.has(name)) {
    // Layout tables: real blocks inside a cell are paragraphs, not one giant row.
    f.kind = "paragraph";
    f.inRow = false;
  }
  if (f.kind !== "heading") f.level = 0;
  return f;
}

/**
 * Turn (possibly broken) HTML into canonical plain text: one block per paragraph / heading / list item /
 * table row / code line, each tagged with a kind and a page role, joined by "\n".
 *
 * Decisions: <pre> becomes one `code` block per non-blank line (blocks cannot contain "\n");
 * a single <br> is a space, two consecutive <br> end the block; table cells are joined by " | ". A single <br> after a
 * line wholly in bold or a link, followed by plain text, is a run-in heading: still a space, and a `breaks` offset.
 */
export function htmlToCanonical(html: string, opts: HtmlToCanonicalOptions = {}): CanonicalDoc {
  const maxChars = Math.max(0, opts.maxChars ?? DEFAULT_MAX_CHARS);
  const blocks: Block[] = [];
  // The innermost chrome mark of each block (undefined outside chrome), resolved once the page's size is known.
  const marks: (ChromeMark | undefined)[] = [];
  const texts: string[] = [];
  let length = 0; // length of the joined text so far
  let full = false;
  let titleParts: string[] | undefined;
  let title: string | undefined;

  const stack: Frame[] = [ROOT];
  const top = (): Frame => stack[stack.length - 1] ?? ROOT;

  // The block being filled: its pieces and the context of its first visible text.
  let parts: string[] = [];
  let hasText = false;
  let owner: Frame | undefined;
  let brPending = false;
  let cellPending = false;
  // Visible characters of the block being filled, and those inside links (link density, a boilerplate signal).
  let visibleChars = 0;
  let linkChars = 0;
  // Run-in headings: visible characters of the current line (since the block start or the last <br>), those of them
  // in bold or a link, whether the last <br> ended such a line, and the raw offset of each unit break found.
  let lineChars = 0;
  let lineRunInChars = 0;
  let runInPending = false;
  let rawBreaks: number[] = [];
  let rawLength = 0;

  const emit = (raw: string, f: Frame, density: number, rawBreaks: readonly number[]): void => {
    if (full) return;
    let text = collapseWhitespace(raw);
    if (!text) return;
    const sep = blocks.length > 0 ? 1 : 0;
    if (length + sep + text.length > maxChars) {
      // Cut at a block boundary; only when nothing fits yet cut this block at a word boundary.
      if (blocks.length > 0) {
        full = true;
        return;
      }
      text = cutAtWhitespace(text, maxChars);
      full = true;
      if (!text) return;
    }
    const start = length + sep;
    const block: Block = { start, end: start + text.length, kind: f.kind, role: f.role };
    if (f.kind === "heading") block.level = f.level;
    if (density > 0) block.linkDensity = Math.round(density * 100) / 100;
    const breaks = rawBreaks.length > 0 ? breakOffsets(raw, rawBreaks, start, block.end) : [];
    if (breaks.length > 0) block.breaks = breaks;
    blocks.push(block);
    marks.push(f.chrome);
    for (let m = f.chrome; m; m = m.parent) {
      m.chars += text.length;
      if (text.length >= PROSE_BLOCK_CHARS) m.proseBlocks++;
    }
    texts.push(text);
    length = block.end;
  };

  const flush = (): void => {
    if (hasText && owner) emit(parts.join(""), owner, visibleChars > 0 ? Math.min(1, linkChars / visibleChars) : 0, rawBreaks);
    parts = [];
    visibleChars = 0;
    linkChars = 0;
    lineChars = 0;
    lineRunInChars = 0;
    runInPending = false;
    rawBreaks = [];
    rawLength = 0;
    hasText = false;
    owner = undefined;
    brPending = false;
    cellPending = false;
  };

  const append = (data: string, f: Frame): void => {
    const visible = /\S/.test(data);
    if (!hasText) {
      if (!visible) return; // leading whitespace of a block is dropped anyway
      owner = f;
      hasText = true;
    } else if (cellPending && visible) {
      parts.push(" | ");
      rawLength += 3;
      cellPending = false;
    }
    if (visible && runInPending) {
      // A bold or linked line, a <br>, then plain text: the heading ends here (units will not join the two).
      if (!f.bold && !f.link) rawBreaks.push(rawLength);
      runInPending = false;
    }
    parts.push(data);
    rawLength += data.length;
    if (visible) {
      brPending = false;
      const n = countVisible(data);
      visibleChars += n;
      if (f.link) linkChars += n;
      lineChars += n;
      if (f.bold || f.link) lineRunInChars += n;
    }
  };

  walkHtml(html, {
    open(name, attribs) {
      const parent = top();
      const f = childFrame(parent, name, attribs);
      if (f.title && title === undefined) titleParts = [];
      if (!parent.skip && !f.skip) {
        if (name === "br") {
          if (parent.pre) flush();
          else if (hasText && brPending) flush();
          else if (hasText) {
            parts.push(" ");
            rawLength += 1;
            brPending = true;
            runInPending = !parent.inRow && lineChars > 0 && lineChars <= MAX_RUN_IN_HEADING_CHARS && lineRunInChars === lineChars;
            lineChars = 0;
            lineRunInChars = 0;
          }
        } else if ((name === "td" || name === "th") && parent.inRow) {
          if (hasText) cellPending = true;
        } else if (BLOCK_TAGS.has(name) || contextChanged(parent, f)) {
          flush();
        }
      }
      stack.push(f);
    },
    close() {
      // walkHtml closes elements innermost first, so the frame to close is the top one.
      const f = stack.length > 1 ? stack.pop() : undefined;
      if (!f) return;
      if (f.title && titleParts) {
        title = collapseWhitespace(titleParts.join("")) || undefined;
        titleParts = undefined;
      }
      const parent = top();
      if (parent.skip || f.skip || f.name === "br") return;
      if ((f.name === "td" || f.name === "th") && parent.inRow) return; // cells share their row's block
      if (BLOCK_TAGS.has(f.name) || contextChanged(parent, f)) flush();
    },
    text(data) {
      const f = top();
      if (f.title && titleParts) {
        titleParts.push(data);
        return;
      }
      if (f.skip || full) return;
      if (f.pre && data.includes("\n")) {
        // One code block per line: split on newlines.
        data.split("\n").forEach((line, i) => {
          if (i > 0) flush();
          append(line, f);
        });
        return;
      }
      append(data, f);
    },
  });
  flush();
  resolveChrome(blocks, marks);
  // Chrome the markup does not mark, by its wording: a credit line, a byline, a newsletter call in a plain <p>.
  blocks.forEach((b, i) => {
    if (b.role === "main" && b.kind !== "heading" && isChromeText(texts[i]!)) b.role = "aside";
  });

  const doc: CanonicalDoc = { text: texts.join("\n"), blocks };
  if (title) doc.title = title;
  return doc;
}

/**
 * Blocks inside a chrome mark that holds more than MAX_CHROME_SHARE of the page's main text (what is main with chrome
 * taken back), or MAX_CHROME_PROSE_BLOCKS paragraphs of prose, get their role without the mark: such a mark wraps the
 * article, it is not chrome around it. A nested mark never holds more than its parent, so the innermost mark decides.
 */
function resolveChrome(blocks: Block[], marks: readonly (ChromeMark | undefined)[]): void {
  let mainChars = 0;
  blocks.forEach((b, i) => {
    const m = marks[i];
    if ((m ? m.base : b.role) === "main") mainChars += b.end - b.start;
  });
  blocks.forEach((b, i) => {
    const m = marks[i];
    if (m && (m.chars > MAX_CHROME_SHARE * mainChars || m.proseBlocks >= MAX_CHROME_PROSE_BLOCKS)) b.role = m.base;
  });
}

/**
 * The canonical offsets of the unit breaks of a block whose collapsed text spans [start, end): a raw prefix collapses
 * as the whole block does, so the break falls after the prefix's text and the one space of the <br>.
 */
function breakOffsets(raw: string, rawBreaks: readonly number[], start: number, end: number): number[] {
  const out: number[] = [];
  for (const len of collapsedPrefixLengths(raw, rawBreaks)) {
    const at = start + len + 1;
    if (at > start && at < end && at > (out[out.length - 1] ?? start)) out.push(at);
  }
  return out;
}

function countVisible(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 32 && c !== 160) n++;
  }
  return n;
}

function contextChanged(a: Frame, b: Frame): boolean {
  return a.kind !== b.kind || a.role !== b.role || a.level !== b.level || a.pre !== b.pre;
}

/** Cut to at most `max` chars at the last space (never inside a surrogate pair). */
function cutAtWhitespace(s: string, max: number): string {
  if (s.length <= max) return s;
  let cut = s.lastIndexOf(" ", max);
  if (cut <= 0) {
    cut = max;
    const c = s.charCodeAt(cut);
    if (c >= 0xdc00 && c <= 0xdfff) cut--;
  }
  return s.slice(0, cut).trim();
}
