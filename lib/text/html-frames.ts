// The structure htmlToCanonical walks with: each open element's frame (the kind and page role its text gets, and
// whether it is hidden, a title, a link, bold or marked as chrome), derived from its parent's, and the chrome marks
// resolved once the page's size is known.
import type { Block, BlockKind, BlockRole } from "./types";

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
export const BLOCK_TAGS = new Set([
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
export interface Frame {
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
export interface ChromeMark {
  /** The role outside every chrome mark (what the blocks get back when the mark is too big). */
  base: BlockRole;
  /** Visible characters emitted inside this element (nested marks included). */
  chars: number;
  /** Its blocks of at least PROSE_BLOCK_CHARS characters: paragraphs of prose, which chrome rarely holds several of. */
  proseBlocks: number;
  parent: ChromeMark | undefined;
}

export const ROOT_FRAME: Frame = {
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
export const PROSE_BLOCK_CHARS = 200;
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
export function childFrame(parent: Frame, name: string, attribs: Record<string, string>): Frame {
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
 * Blocks inside a chrome mark that holds more than MAX_CHROME_SHARE of the page's main text (what is main with chrome
 * taken back), or MAX_CHROME_PROSE_BLOCKS paragraphs of prose, get their role without the mark: such a mark wraps the
 * article, it is not chrome around it. A nested mark never holds more than its parent, so the innermost mark decides.
 */
export function resolveChrome(blocks: Block[], marks: readonly (ChromeMark | undefined)[]): void {
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

/** Whether text inside `b` starts a new block: its kind, role, heading level or pre-formatting differ from its parent `a`'s. */
export function contextChanged(a: Frame, b: Frame): boolean {
  return a.kind !== b.kind || a.role !== b.role || a.level !== b.level || a.pre !== b.pre;
}
