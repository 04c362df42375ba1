// Hand-written, fictional local-news page: site header and nav, cookie banner, ad slots, article, related links,
// newsletter form, comments and footer. The answer to the query is in the middle of the article.
export const EN_NEWS_BIKE_LANES_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Harbor Street bike lanes to open in phases, council says | Port Alder Courier</title>
  <script>window.dataLayer = window.dataLayer || []; dataLayer.push({ section: "local" });</script>
  <style>.ad-slot { min-height: 250px }</style>
</head>
<body class="article-template">
  <div id="cookie-banner" class="consent">
    <p>We use cookies to personalise content and ads and to analyse our traffic. <a href="/privacy">Learn more</a></p>
    <button>Accept all</button> <button>Manage choices</button>
  </div>
  <header class="site-header">
    <a class="logo" href="/">Port Alder Courier</a>
    <p class="tagline">Independent local news since 1921</p>
    <a href="/subscribe" class="btn">Subscribe — first month $1</a> <a href="/login">Sign in</a>
  </header>
  <nav class="main-nav">
    <ul>
      <li><a href="/news">News</a></li>
      <li><a href="/local">Local</a></li>
      <li><a href="/business">Business</a></li>
      <li><a href="/sports">Sports</a></li>
      <li><a href="/opinion">Opinion</a></li>
      <li><a href="/obituaries">Obituaries</a></li>
      <li><a href="/weather">Weather</a></li>
    </ul>
  </nav>
  <div class="breadcrumbs"><a href="/">Home</a> › <a href="/local">Local</a> › <a href="/local/transport">Transport</a></div>
  <div class="ad-slot ad-leaderboard">
    <p>ADVERTISEMENT</p>
    <p>Spring Mattress Sale: up to 60% off at Dreamwell Outlet. Free delivery in Port Alder County.</p>
  </div>
  <main>
    <article>
      <header>
        <h1>Harbor Street bike lanes to open in phases, council says</h1>
        <p class="byline">By Dana Whitcomb, Transport Reporter · Updated March 14, 2025, 6:42 p.m.</p>
        <p class="share">Share on Facebook · Share on X · Email · Copy link</p>
      </header>
      <figure>
        <img src="/img/harbor-st.jpg" alt="">
        <figcaption>Crews repaint lane markings on Harbor Street near the ferry terminal. (Photo: Courier staff)</figcaption>
      </figure>
      <p>The Port Alder City Council voted 7–2 on Thursday night to approve the final design of a protected bike lane
        network along Harbor Street, ending more than two years of debate over parking, delivery zones and the future
        of the waterfront.</p>
      <p>Under the approved plan, the 3.2-kilometre corridor will be built in three phases. The first phase, between the
        ferry terminal and Mill Road, is scheduled to be finished by the end of June 2025. The second phase, from Mill
        Road to Cannery Square, is expected to open in October 2025, and the final stretch to Alder Park should be
        complete in spring 2026, weather permitting.</p>
      <div class="ad-slot ad-inline">
        <p>Sponsored</p>
        <p>Thinking of selling? Get a free home valuation from Harbourside Realty in 60 seconds.</p>
      </div>
      <p>"We heard the businesses loud and clear," said council member Rosa Delgado, who chairs the transportation
        committee. "That's why the work on each block will take no longer than three weeks, and we are keeping
        loading zones on every block."</p>
      <p>The project will cost an estimated $14.8 million, of which $9 million comes from a provincial active
        transportation grant. About 120 of the street's 410 parking spaces will be removed; the city says it will add
        a short-term parking area on the former bus depot lot on Pier Lane.</p>
      <h2>Opposition from some merchants</h2>
      <p>Not everyone was convinced. Gary Holm, who owns Holm Hardware near Cannery Square, told the council that the
        October construction window "lands right on top of our busiest season" and asked that phase two be delayed to
        January. The council rejected the amendment.</p>
      <p>The two dissenting votes came from council members Peter Ng and Alicia Brandt, who argued the city should
        first finish repaving Harbor Street's water mains, a job scheduled for 2027.</p>
      <p>Residents can sign up for construction updates on the city's website. The city will hold an open house about
        phase one at the Harbour Community Centre on March 27 from 5 to 8 p.m.</p>
      <p class="correction"><em>Correction: An earlier version of this story misstated the number of parking spaces on
        Harbor Street.</em></p>
      <p class="tags">Tags: <a href="/tag/cycling">Cycling</a>, <a href="/tag/city-council">City council</a>,
        <a href="/tag/harbor-street">Harbor Street</a></p>
    </article>
  </main>
  <aside class="sidebar">
    <h3>Most read</h3>
    <ol>
      <li><a href="/a/1">Ferry fares to rise 6% in April</a></li>
      <li><a href="/a/2">Beloved Cannery Square diner closes after 48 years</a></li>
      <li><a href="/a/3">Police seek witnesses after break-in at marina</a></li>
    </ol>
    <div class="ad-slot">
      <p>ADVERTISEMENT</p>
      <p>Port Alder Credit Union — 4.5% on 12-month term deposits. Conditions apply.</p>
    </div>
  </aside>
  <section class="related">
    <h2>Related stories</h2>
    <ul>
      <li><a href="/a/4">Opinion: Harbor Street deserves better than paint</a></li>
      <li><a href="/a/5">What the provincial cycling grant means for small towns</a></li>
      <li><a href="/a/6">Photos: 100 years of Harbor Street</a></li>
    </ul>
  </section>
  <form class="newsletter" action="/newsletter">
    <h3>Get the Morning Courier</h3>
    <p>The day's top local stories in your inbox every weekday at 6 a.m.</p>
    <input type="email" placeholder="Your email"> <button>Sign up</button>
  </form>
  <section id="comments" class="comments">
    <h2>Comments (3)</h2>
    <div class="comment">
      <p class="comment-author">harborwalker · 2 hours ago</p>
      <p>Finally! I bike to the ferry every day and the Mill Road stretch is terrifying.</p>
    </div>
    <div class="comment">
      <p class="comment-author">J. Petrakis · 1 hour ago</p>
      <p>Three weeks per block is optimistic. The water main job took four months on my street.</p>
    </div>
    <div class="comment">
      <p class="comment-author">local_dad_77 · 45 minutes ago</p>
      <p>Where are delivery trucks supposed to stop? Nobody ever answers this.</p>
    </div>
    <p><a href="/login">Sign in to comment</a> · Community guidelines</p>
  </section>
  <footer class="site-footer">
    <ul>
      <li><a href="/about">About us</a></li>
      <li><a href="/contact">Contact</a></li>
      <li><a href="/advertise">Advertise</a></li>
      <li><a href="/privacy">Privacy policy</a></li>
      <li><a href="/terms">Terms of use</a></li>
    </ul>
    <p>© 2025 Port Alder Courier Media Ltd. All rights reserved.</p>
  </footer>
</body>
</html>`;
