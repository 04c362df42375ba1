import type { DraftResult } from "./types";

/** A built-in example (works without the database): an HTML page with navigation, header, footer and comments. */
export const SAMPLE_QUERY = "When did the Golden Gate Bridge open and how long is its main span?";

export const SAMPLE_HTML = `<!doctype html>
<html><head><title>Golden Gate Bridge – Travel Guide</title></head>
<body>
<header><a href="/">CityGuide</a> <nav><ul><li><a href="/sights">Sights</a></li><li><a href="/food">Food</a></li><li><a href="/hotels">Hotels</a></li></ul></nav></header>
<main><article>
<h1>Golden Gate Bridge</h1>
<p>The Golden Gate Bridge is a suspension bridge spanning the Golden Gate, the strait connecting San Francisco Bay and the Pacific Ocean. It links San Francisco to Marin County.</p>
<h2>History</h2>
<p>Construction began on January 5, 1933. The bridge opened to pedestrians on May 27, 1937, and to vehicles the following day. Its chief engineer was Joseph Strauss, while Charles Ellis did much of the structural design.</p>
<p>At its opening it was the longest and tallest suspension bridge in the world, with a main span of 4,200 feet (1,280 m) and a total height of 746 feet (227 m).</p>
<h2>Visiting</h2>
<ul><li>Pedestrians may walk the east sidewalk during daylight hours.</li><li>Parking at the Welcome Center fills up early on weekends.</li><li>Fog is common in summer mornings, so afternoons often give the best views.</li></ul>
<blockquote>“The bridge is a symbol of the city as much as the cable cars.”</blockquote>
</article></main>
<aside><h3>Related</h3><p>Alcatraz Island tours depart from Pier 33 every half hour.</p></aside>
<section class="comments"><h3>Comments</h3><p>Walked it last week, windy but worth it!</p></section>
<footer><p>© 2024 CityGuide. All rights reserved. Privacy policy · Terms of use.</p></footer>
</body></html>`;

export const SAMPLE_TEXT_2 = `# Bay Area bridges

The San Francisco–Oakland Bay Bridge opened in November 1936, six months before the Golden Gate Bridge.

The Richmond–San Rafael Bridge opened in 1956 and is one of the oldest bridges in the area still in use.

- The Golden Gate Bridge's main span held the record for the longest suspension span until 1964.
- Tolls are collected electronically in the southbound direction only.`;

export function sampleDrafts(): DraftResult[] {
  return [
    { key: "sample-0", id: "guide", title: "Golden Gate Bridge – Travel Guide", format: "html", content: SAMPLE_HTML },
    { key: "sample-1", id: "bridges", title: "Bay Area bridges", format: "text", content: SAMPLE_TEXT_2 },
  ];
}
