// Hand-written Ukrainian tech how-to page: header, menu, breadcrumbs, ads, the instructions (the answer), a
// "read also" block, comments and a footer.
export const UK_HOWTO_CHROME_CACHE_HTML = `<!DOCTYPE html>
<html lang="uk">
<head>
  <meta charset="utf-8">
  <title>Як очистити кеш у Google Chrome: покрокова інструкція — ТехПорадник</title>
</head>
<body>
  <header class="masthead">
    <a href="/" class="logo">ТехПорадник</a>
    <form role="search" action="/search"><input name="q" placeholder="Пошук по сайту"><button>Знайти</button></form>
  </header>
  <nav>
    <ul>
      <li><a href="/windows">Windows</a></li>
      <li><a href="/android">Android</a></li>
      <li><a href="/brauzery">Браузери</a></li>
      <li><a href="/bezpeka">Безпека</a></li>
      <li><a href="/ihry">Ігри</a></li>
    </ul>
  </nav>
  <p class="breadcrumbs"><a href="/">Головна</a> » <a href="/brauzery">Браузери</a> » Chrome</p>
  <main>
    <article>
      <h1>Як очистити кеш у Google Chrome</h1>
      <p class="meta">Автор: Олександр Коваль · 12.01.2025 · 👁 18 420 переглядів</p>
      <p>Кеш браузера зберігає копії сторінок, зображень і скриптів, щоб сайти відкривалися швидше. Але іноді через
        застарілий кеш сторінка відображається неправильно або не оновлюється. У такому разі кеш варто очистити.</p>
      <div class="reklama"><p>Реклама</p><p>Ноутбуки зі знижкою до 25% — тільки цього тижня в магазині «Техносвіт»!</p></div>
      <h2>Очищення кешу на комп'ютері (Windows, macOS, Linux)</h2>
      <ol>
        <li>Відкрийте Chrome і натисніть Ctrl + Shift + Delete (на Mac — Cmd + Shift + Delete). Відкриється вікно
          «Очистити дані веб-перегляду».</li>
        <li>У полі «Діапазон часу» виберіть «Увесь час», щоб видалити весь кеш.</li>
        <li>Позначте пункт «Зображення та файли, збережені в кеші». Якщо не хочете виходити з акаунтів на сайтах,
          зніміть позначку з пункту «Файли cookie та інші дані сайтів».</li>
        <li>Натисніть «Видалити дані».</li>
      </ol>
      <p>Те саме вікно можна відкрити через меню: три крапки у верхньому правому куті → «Видалити дані веб-перегляду».</p>
      <h2>Очищення кешу на Android</h2>
      <p>Відкрийте Chrome, торкніться трьох крапок → «Історія» → «Очистити дані веб-перегляду», виберіть «Зображення та
        файли, збережені в кеші» і натисніть «Видалити дані».</p>
      <h2>Як оновити лише одну сторінку без кешу</h2>
      <p>Якщо проблема лише з одним сайтом, достатньо натиснути Ctrl + F5 (або Shift + F5): сторінка завантажиться
        заново, без використання кешу.</p>
      <p><strong>Чи була ця стаття корисною?</strong> 👍 Так (214) · 👎 Ні (9)</p>
    </article>
  </main>
  <section class="read-also">
    <h3>Читайте також</h3>
    <ul>
      <li><a href="/a/101">Як увімкнути темну тему в Chrome</a></li>
      <li><a href="/a/102">Що робити, якщо браузер гальмує</a></li>
      <li><a href="/a/103">10 корисних розширень для Chrome у 2025 році</a></li>
    </ul>
  </section>
  <section class="comments">
    <h3>Коментарі (2)</h3>
    <div class="comment">
      <p><b>Ірина</b>, 13.01.2025</p>
      <p>Дякую, допомогло! Сайт банку нарешті відкрився нормально.</p>
    </div>
    <div class="comment">
      <p><b>Максим</b>, 15.01.2025</p>
      <p>А в Opera так само?</p>
    </div>
  </section>
  <footer>
    <p>© 2016–2025 ТехПорадник. Використання матеріалів дозволено лише з активним посиланням на джерело.</p>
    <p><a href="/pro-nas">Про нас</a> · <a href="/reklama">Реклама на сайті</a> · <a href="/polityka">Політика конфіденційності</a></p>
  </footer>
</body>
</html>`;
