// Hand-written Italian recipe-blog page: long personal preamble, ads, the recipe (the answer), a newsletter box,
// comments and a footer.
export const IT_RECIPE_RISOTTO_HTML = `<!DOCTYPE html>
<html lang="it">
<head>
  <meta charset="utf-8">
  <title>Risotto alla milanese: la ricetta della nonna (passo passo) - La Cucina di Marta</title>
  <script async src="https://ads.example.net/tag.js"></script>
</head>
<body class="single-post has-comments">
  <header class="site-header">
    <p class="site-title"><a href="/">La Cucina di Marta</a></p>
    <p>Ricette di casa, semplici e veloci</p>
  </header>
  <nav class="menu-principale">
    <a href="/primi">Primi piatti</a> | <a href="/secondi">Secondi</a> | <a href="/dolci">Dolci</a> |
    <a href="/lievitati">Lievitati</a> | <a href="/chi-sono">Chi sono</a> | <a href="/contatti">Contatti</a>
  </nav>
  <div class="banner-pubblicita">
    <p>Pubblicità</p>
    <p>Pentole antiaderenti Ferrotti: set da 8 pezzi a soli 79,90 €. Spedizione gratuita!</p>
  </div>
  <main>
    <article class="post">
      <h1>Risotto alla milanese: la ricetta della nonna</h1>
      <p class="post-meta">Pubblicato il 3 febbraio 2025 da Marta · Tempo di lettura: 6 minuti · 42 commenti</p>
      <p>Ogni volta che preparo il risotto giallo mi torna in mente la cucina di mia nonna Pina, a Lodi, con la
        finestra appannata e la radio sempre accesa. Lei non pesava mai niente: "il brodo si sente", diceva. Io invece
        ho imparato a pesare tutto, e oggi vi lascio le dosi precise.</p>
      <p>Prima di cominciare, una piccola premessa: questo non è il risotto "veloce" con la bustina. Ci vogliono
        pazienza, un buon brodo di carne e un mestolo di legno. Se avete fretta, date un'occhiata alla mia pasta al
        limone in 15 minuti!</p>
      <div class="adsense"><p>Annuncio</p><p>Corso online di cucina italiana: -30% con il codice MARTA30.</p></div>
      <h2>Ingredienti per 4 persone</h2>
      <ul>
        <li>320 g di riso Carnaroli</li>
        <li>1,2 litri di brodo di carne caldo (circa 300 ml a persona)</li>
        <li>1 bustina di zafferano in polvere (0,15 g) oppure qualche pistillo</li>
        <li>1 cipolla bianca piccola</li>
        <li>50 g di burro freddo</li>
        <li>60 g di Grana Padano o Parmigiano Reggiano grattugiato</li>
        <li>1/2 bicchiere di vino bianco secco</li>
        <li>sale q.b.</li>
      </ul>
      <h2>Preparazione</h2>
      <ol>
        <li>Tritate finemente la cipolla e fatela appassire in una casseruola con metà del burro, a fuoco dolce.</li>
        <li>Aggiungete il riso e tostatelo per 2-3 minuti, mescolando, finché i chicchi diventano traslucidi.</li>
        <li>Sfumate con il vino bianco e lasciate evaporare.</li>
        <li>Versate il brodo un mestolo alla volta, aggiungendone altro solo quando il precedente è stato assorbito.
          In tutto servono circa 18 minuti di cottura: potrebbe avanzarvi un po' di brodo, oppure potrebbe servirne
          un mestolo in più, a seconda del riso.</li>
        <li>A metà cottura sciogliete lo zafferano in un mestolo di brodo e unitelo al risotto.</li>
        <li>A fuoco spento mantecate con il burro rimasto, freddo, e il formaggio. Coprite e lasciate riposare 2 minuti.</li>
      </ol>
      <blockquote>Il consiglio della nonna: il brodo deve essere sempre bollente, altrimenti il riso si "ferma".</blockquote>
      <p>Vi è piaciuta la ricetta? Salvatela su Pinterest e taggatemi su Instagram @lacucinadimarta!</p>
      <p class="share">Condividi: Facebook · WhatsApp · Pinterest · Email</p>
    </article>
  </main>
  <aside class="sidebar">
    <h3>Ciao, sono Marta!</h3>
    <p>Cuoca per passione, mamma di due bambini e collezionista di ricettari vintage.</p>
    <h3>Ricette più lette</h3>
    <ul>
      <li><a href="/tiramisu">Tiramisù classico senza uova crude</a></li>
      <li><a href="/lasagne">Lasagne alla bolognese</a></li>
      <li><a href="/ossobuco">Ossobuco con gremolata</a></li>
    </ul>
  </aside>
  <form class="iscrizione-newsletter">
    <p>Iscriviti alla newsletter e ricevi subito il mio ebook "10 primi della domenica"!</p>
    <input type="email" placeholder="La tua email"> <button>Iscriviti</button>
  </form>
  <section class="commenti" id="comments">
    <h2>42 commenti</h2>
    <div class="comment-body">
      <p><b>Giulia</b> — 4 febbraio 2025 alle 12:10</p>
      <p>Fatto ieri sera, buonissimo! Io ho usato il brodo vegetale e 1 litro mi è bastato.</p>
      <p><a href="#reply">Rispondi</a></p>
    </div>
    <div class="comment-body">
      <p><b>Franco</b> — 5 febbraio 2025 alle 9:47</p>
      <p>Mia madre aggiungeva anche il midollo di bue, provate!</p>
      <p><a href="#reply">Rispondi</a></p>
    </div>
  </section>
  <footer>
    <p>© 2025 La Cucina di Marta — P.IVA 01234567890 — <a href="/privacy">Privacy</a> · <a href="/cookie">Cookie policy</a></p>
    <p>Questo sito partecipa al Programma Affiliazione Amazon EU.</p>
  </footer>
</body>
</html>`;
