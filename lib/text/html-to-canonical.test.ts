import { describe, expect, it } from "vitest";
import { htmlToCanonical } from "./html-to-canonical";
import type { CanonicalDoc } from "./types";

/** Each block as [kind, role, text] for compact assertions. */
function view(doc: CanonicalDoc): Array<[string, string, string]> {
  return doc.blocks.map((b) => [b.kind, b.role, doc.text.slice(b.start, b.end)]);
}

function texts(doc: CanonicalDoc): string[] {
  return doc.blocks.map((b) => doc.text.slice(b.start, b.end));
}

/** The CanonicalDoc invariants: blocks tile the text with single "\n" separators, none empty or padded. */
function expectWellFormed(doc: CanonicalDoc): void {
  let pos = 0;
  doc.blocks.forEach((b, i) => {
    expect(b.start).toBe(i === 0 ? 0 : pos + 1);
    if (i > 0) expect(doc.text[b.start - 1]).toBe("\n");
    const t = doc.text.slice(b.start, b.end);
    expect(t.length).toBeGreaterThan(0);
    expect(t).toBe(t.trim());
    expect(t).not.toMatch(/\n|\s{2}/);
    pos = b.end;
  });
  expect(doc.text.length).toBe(pos);
}

describe("htmlToCanonical", () => {
  it("returns an empty doc for empty or invisible input", () => {
    expect(htmlToCanonical("")).toEqual({ text: "", blocks: [] });
    expect(htmlToCanonical("   \n ")).toEqual({ text: "", blocks: [] });
    expect(htmlToCanonical("<script>x()</script><!-- c -->")).toEqual({ text: "", blocks: [] });
  });

  it("decodes entities and collapses whitespace", () => {
    const doc = htmlToCanonical("<p>Tom &amp; Jerry&nbsp;&nbsp;said\n\n  it&#8217;s &lt;fine&gt; &#x1F600;</p>");
    expect(doc.text).toBe("Tom & Jerry said it\u2019s <fine> \u{1F600}");
    expectWellFormed(doc);
  });

  it("drops script, style, noscript, template, svg, iframe, head and comments but keeps the title", () => {
    const doc = htmlToCanonical(
      `<html><head><title> The  Title </title><meta name="x"><style>p{color:red}</style></head><body>
      <script>var a = "<p>no</p>";</script><noscript>enable js</noscript><template><p>tpl</p></template>
      <svg><title>icon</title><text>svgtext</text></svg><iframe src="x">frame</iframe><!-- hidden comment -->
      <p>Visible</p><div hidden>secret</div><div style="display: none">gone</div></body></html>`,
    );
    expect(doc.title).toBe("The Title");
    expect(doc.text).toBe("Visible");
  });

  it("keeps headings with levels, paragraphs, list items, quotes", () => {
    const doc = htmlToCanonical(
      "<h1>Top</h1><h3>Sub <em>part</em></h3><p>Para <b>bold</b> and <a href=#>link</a>.</p>" +
        "<ul><li>one</li><li>two <ul><li>nested</li></ul> tail</li></ul><blockquote><p>Said</p></blockquote>" +
        "<dl><dt>Term</dt><dd>Def</dd></dl><figure><img src=x><figcaption>Cap</figcaption></figure>",
    );
    expect(view(doc)).toEqual([
      ["heading", "main", "Top"],
      ["heading", "main", "Sub part"],
      ["paragraph", "main", "Para bold and link."],
      ["list-item", "main", "one"],
      ["list-item", "main", "two"],
      ["list-item", "main", "nested"],
      ["list-item", "main", "tail"],
      ["quote", "main", "Said"],
      ["paragraph", "main", "Term"],
      ["paragraph", "main", "Def"],
      ["paragraph", "aside", "Cap"], // a caption is chrome (isChrome)
    ]);
    expect(doc.blocks.map((b) => b.level)).toEqual([1, 3, undefined, ...Array(8).fill(undefined)]);
    expectWellFormed(doc);
  });

  it("assigns roles from landmarks, ARIA roles and comment ids/classes", () => {
    const doc = htmlToCanonical(`<body class="single comments-open">
      <header><a>Logo</a><nav><a>Home</a> <a>About</a></nav></header>
      <div role="navigation">Crumbs</div>
      <main><article><header><h1>Story</h1></header><p>Body text.</p><footer>Tags: x</footer></article></main>
      <aside><p>Related</p></aside><div role="complementary">Ad</div>
      <div id="comments"><ol class="comment-list"><li>First!</li></ol>
        <form><label>Reply</label><input></form></div>
      <form role="search"><p>Search here</p></form>
      <div role="banner">Banner</div>
      <footer><p>(c) 2024</p></footer><div role="contentinfo">Legal</div></body>`);
    expect(view(doc)).toEqual([
      ["paragraph", "header", "Logo"],
      ["paragraph", "navigation", "Home About"],
      ["paragraph", "navigation", "Crumbs"],
      ["heading", "main", "Story"],
      ["paragraph", "main", "Body text."],
      ["paragraph", "footer", "Tags: x"],
      ["paragraph", "aside", "Related"],
      ["paragraph", "aside", "Ad"],
      ["list-item", "comment", "First!"],
      ["paragraph", "form", "Reply"],
      ["paragraph", "form", "Search here"],
      ["paragraph", "header", "Banner"],
      ["paragraph", "footer", "(c) 2024"],
      ["paragraph", "footer", "Legal"],
    ]);
  });

  it("marks chrome inside the article by class, id and tag as aside, whole tokens only", () => {
    const body = "The council approved the new budget on Tuesday after a long debate about schools and roads. ".repeat(6);
    const doc = htmlToCanonical(`<body><article>
      <h1>Budget passes</h1>
      <div class="post-meta"><span>By Ann Lee</span> <time>Nov 19, 2019</time></div>
      <p>${body}</p>
      <figure><img src="a.jpg"><figcaption>The council chamber. (Photo: Getty Images)</figcaption></figure>
      <div id="cookieNotice"><p>Our website uses cookies to improve its performance.</p></div>
      <p>${body}</p>
      <div class="newsletter-signup"><p>I agree to receive the newsletter.</p></div>
      <ul class="social-share"><li>Follow us on twitter</li></ul>
      <div class="related-stories"><p>See more: Gronk may have found his true calling</p></div>
      <p class="shareholder-note">Shareholders met in May.</p>
      <div class="has-share-buttons"><p>Still the article.</p></div>
      <div class="metadata"><p>Not a meta token.</p></div>
    </article></body>`);
    expect(view(doc).map(([, role, text]) => [role, text.slice(0, 30)])).toEqual([
      ["main", "Budget passes"],
      ["aside", "By Ann Lee Nov 19, 2019"],
      ["main", body.slice(0, 30)],
      ["aside", "The council chamber. (Photo: G"],
      ["aside", "Our website uses cookies to im"],
      ["main", body.slice(0, 30)],
      ["aside", "I agree to receive the newslet"],
      ["aside", "Follow us on twitter"],
      ["aside", "See more: Gronk may have found"],
      ["main", "Shareholders met in May."],
      ["main", "Still the article."],
      ["main", "Not a meta token."],
    ]);
    expectWellFormed(doc);
  });

  it("takes a chrome mark back when it holds most of the page's text (a wrapper, not chrome)", () => {
    const para = "A long paragraph of the article that carries the story itself and goes on for a while. ".repeat(4);
    const doc = htmlToCanonical(`<body><div class="share-wrapper">
      <h1>Headline</h1><p>${para}</p><p>${para}</p>
      <div class="share-tools"><a href="/x">Share on Facebook</a></div>
    </div><footer>Footer</footer></body>`);
    expect(view(doc).map(([, role, text]) => [role, text.slice(0, 20)])).toEqual([
      ["main", "Headline"],
      ["main", para.slice(0, 20)],
      ["main", para.slice(0, 20)],
      ["aside", "Share on Facebook"],
      ["footer", "Footer"],
    ]);
  });

  it("takes a chrome mark back when it holds several paragraphs of prose, however long the rest of the page", () => {
    const para = "MOSCOW (AP) — An unmanned Russian cargo spaceship heading to the International Space Station broke up. ".repeat(3);
    const teasers = Array.from(
      { length: 60 },
      (_, i) => `<li><p>Teaser number ${i} about some other story of the day, with a line of summary text.</p></li>`,
    ).join("");
    const doc = htmlToCanonical(`<body><ul>${teasers}</ul><div class="render-target-video">
      <h1>Cargo ship lost</h1><p>${para}</p><p>${para}</p><p>${para}</p><figure><figcaption>The rocket (Photo: AP)</figcaption></figure>
    </div></body>`);
    const roles = view(doc)
      .slice(60)
      .map(([, role, text]) => [role, text.slice(0, 15)]);
    expect(roles).toEqual([
      ["main", "Cargo ship lost"],
      ["main", para.slice(0, 15)],
      ["main", para.slice(0, 15)],
      ["main", para.slice(0, 15)],
      ["aside", "The rocket (Pho"],
    ]);
  });

  it("never marks chrome inside another region, and an explicit region inside chrome wins", () => {
    const doc = htmlToCanonical(`<body><p>${"Article text goes here and on. ".repeat(10)}</p>
      <nav><div class="social"><a>Twitter</a></div></nav>
      <div class="promo"><nav><a>Deals</a></nav><p>Promo text</p></div></body>`);
    expect(view(doc).map(([, role, text]) => [role, text.slice(0, 12)])).toEqual([
      ["main", "Article text"],
      ["navigation", "Twitter"],
      ["navigation", "Deals"],
      ["aside", "Promo text"],
    ]);
  });

  it("treats menu-like class names as navigation but not body state classes", () => {
    const doc = htmlToCanonical(`<body class="has-nav menu-open"><div class="main-menu"><a>A</a></div><p>Content</p></body>`);
    expect(view(doc)).toEqual([
      ["paragraph", "navigation", "A"],
      ["paragraph", "main", "Content"],
    ]);
  });

  it("matches comment sections by id/class tokens, not any word containing 'comment'", () => {
    const doc = htmlToCanonical(
      `<div class="commentary"><p>Op-ed</p></div><section class="commentSection"><p>Hi</p></section>` +
        `<li id="div-comment-2">Reply</li><div id="disqus_thread">D</div><a class="comments-link">3 comments</a>`,
    );
    expect(view(doc)).toEqual([
      ["paragraph", "main", "Op-ed"],
      ["paragraph", "comment", "Hi"],
      ["list-item", "comment", "Reply"],
      ["paragraph", "comment", "D"],
      ["paragraph", "aside", "3 comments"], // not a comment section; a count is chrome by its wording (isChromeText)
    ]);
  });

  it("handles very deep nesting and unclosed inline tags", () => {
    const deep = `${"<div>".repeat(50_000)}deep${"</div>".repeat(10)}<p>after</p>`;
    expect(texts(htmlToCanonical(deep))).toEqual(["deep", "after"]);
    const inline = `<p>${"<b>x ".repeat(50_000)}</p><p>end</p>`;
    const doc = htmlToCanonical(inline);
    expect(doc.blocks).toHaveLength(2);
    expect(texts(doc)[1]).toBe("end");
  });

  it("joins table cells into rows and skips empty cells", () => {
    const doc = htmlToCanonical(
      "<table><caption>Prices</caption><thead><tr><th>Item</th><th>Cost</th></tr></thead>" +
        "<tbody><tr><td>Tea</td><td></td><td> 3 &euro; </td></tr><tr><td>Cake<td>5</tbody></table>",
    );
    expect(view(doc)).toEqual([
      ["paragraph", "main", "Prices"],
      ["table-row", "main", "Item | Cost"],
      ["table-row", "main", "Tea | 3 \u20ac"],
      ["table-row", "main", "Cake | 5"],
    ]);
  });

  it("turns block content of layout-table cells into paragraphs", () => {
    const doc = htmlToCanonical("<table><tr><td><p>First para.</p><p>Second para.</p></td></tr></table>");
    expect(view(doc)).toEqual([
      ["paragraph", "main", "First para."],
      ["paragraph", "main", "Second para."],
    ]);
  });

  it("splits <pre> into one code block per non-blank line", () => {
    const doc = htmlToCanonical("<pre>\nconst a = 1;\n\n  if (a &lt; 2) {\n    go();<br>  }\n</pre><p>after</p>");
    expect(view(doc)).toEqual([
      ["code", "main", "const a = 1;"],
      ["code", "main", "if (a < 2) {"],
      ["code", "main", "go();"],
      ["code", "main", "}"],
      ["paragraph", "main", "after"],
    ]);
  });

  it("treats one <br> as a space and two as a block break", () => {
    const doc = htmlToCanonical("<p>line one<br>line two<br/>\n<br>next block<br></p>");
    expect(texts(doc)).toEqual(["line one line two", "next block"]);
  });

  it("marks a run-in heading (a bold or linked line, one <br>, plain text) as a unit break, text unchanged", () => {
    const doc = htmlToCanonical(
      "<p> <strong>\u00a0Task&nbsp; gating\u200b</strong> <br/>\n  ATF &amp; its <b>gates</b>.<br><a href='/x'>Next story</a><br>Its summary.</p>" +
        "<p>plain line<br>next line</p><p><b>all bold<br>still bold</b></p><table><tr><td><b>cell</b><br>text</td></tr></table>",
    );
    expect(texts(doc)).toEqual(["Task gating ATF & its gates. Next story Its summary.", "plain line next line", "all bold still bold", "cell text"]);
    const [first, ...rest] = doc.blocks;
    expect(first!.breaks!.map((at) => doc.text.slice(at, at + 6))).toEqual(["ATF & ", "Its su"]);
    expect(rest.every((b) => b.breaks === undefined)).toBe(true);
    expectWellFormed(doc);
  });

  it("survives broken HTML", () => {
    expect(texts(htmlToCanonical("<p>a<p>b"))).toEqual(["a", "b"]);
    // A stray </div> is ignored (as browsers do), so "x" and "y" stay in one paragraph.
    expect(texts(htmlToCanonical("</div></div><p>x</div>y</p></span>z"))).toEqual(["xy", "z"]);
    expect(texts(htmlToCanonical("<div><ul><li>one<li>two</div>after"))).toEqual(["one", "two", "after"]);
    expect(texts(htmlToCanonical("<p>unterminated <b>bold <i>italic"))).toEqual(["unterminated bold italic"]);
    expect(texts(htmlToCanonical("<p a='1 <b>x</b>"))).toEqual([]);
    expect(texts(htmlToCanonical("text < 5 and > 3 & done"))).toEqual(["text < 5 and > 3 & done"]);
    expect(texts(htmlToCanonical("<script>never closed <p>x</p>"))).toEqual([]);
    const garbage = "<<<>>><//p><p<>&&#;&#xZZ;<!-- <p>x".repeat(50);
    expectWellFormed(htmlToCanonical(garbage));
  });

  it("keeps CJK and emoji offsets exact", () => {
    const doc = htmlToCanonical("<h2>你好，世界</h2><p>👨‍👩‍👧 family 🎉</p><li>日本語のテキスト。</li>");
    expect(texts(doc)).toEqual(["你好，世界", "👨‍👩‍👧 family 🎉", "日本語のテキスト。"]);
    expectWellFormed(doc);
  });

  it("cuts at a block boundary when maxChars is reached", () => {
    const doc = htmlToCanonical("<p>aaaa</p><p>bbbb</p><p>cccc</p>", { maxChars: 12 });
    expect(doc.text).toBe("aaaa\nbbbb");
    expect(doc.blocks).toHaveLength(2);
    const one = htmlToCanonical("<p>alpha beta gamma</p><p>x</p>", { maxChars: 12 });
    expect(one.text).toBe("alpha beta");
  });

  it("handles a 5 MB page in linear time", () => {
    const chunk =
      '<div class="post"><h2>Heading &amp; more</h2><p>Some <a href="#">linked</a> text, with entities &#8217; ' +
      "and spaces.</p><ul><li>item</li><li>item two</li></ul><table><tr><td>a</td><td>b</td></tr></table>" +
      "<script>var x = 1;</script></div>\n";
    const html = `<html><body>${chunk.repeat(Math.ceil(5_000_000 / chunk.length))}</body></html>`;
    expect(html.length).toBeGreaterThanOrEqual(5_000_000);
    // The test timeout is the hang guard; speed is measured by benchmarks, not asserted here.
    const doc = htmlToCanonical(html);
    expect(doc.blocks.length).toBe(5 * Math.ceil(5_000_000 / chunk.length));
    expect(doc.text.slice(0, 60)).toBe("Heading & more\nSome linked text, with entities \u2019 and spaces.");
    expect(doc.text).not.toContain("var x");
  });

  it("caps huge pages at the default maxChars", () => {
    const html = `<p>${"word ".repeat(600_000)}</p><p>${"more ".repeat(600_000)}</p>`;
    const doc = htmlToCanonical(html);
    expect(doc.text.length).toBeLessThanOrEqual(5_000_000);
    expect(doc.blocks).toHaveLength(1);
  });
});
