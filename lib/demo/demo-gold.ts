// Hand-written gold for the demo pairs: the evidence each query needs (vital) and some boilerplate labelled by
// category, as quotes of the canonical text (lib/text), so the research views — the frontier needs gold, the category
// breakdown shows gold categories — work on a fresh install. Seeded as gold spans by lib/server/db/seed-demo-data.ts;
// demo-gold.test.ts checks every quote is found.
import type { SpanCategory } from "../spans/categories";

export type DemoGoldSpan = { result: number; quote: string; category: SpanCategory };

export const DEMO_GOLD: Readonly<Record<string, readonly DemoGoldSpan[]>> = {
  "demo-01-en-news": [
    {
      result: 0,
      category: "vital",
      quote: "The first phase, between the ferry terminal and Mill Road, is scheduled to be finished by the end of June 2025.",
    },
    {
      result: 0,
      category: "vital",
      quote:
        "The second phase, from Mill Road to Cannery Square, is expected to open in October 2025, and the final stretch to Alder Park should be complete in spring 2026, weather permitting.",
    },
    { result: 0, category: "ui_navigation", quote: "We use cookies to personalise content and ads and to analyse our traffic. Learn more" },
    { result: 0, category: "ui_navigation", quote: "Share on Facebook · Share on X · Email · Copy link" },
    { result: 0, category: "ads", quote: "Spring Mattress Sale: up to 60% off at Dreamwell Outlet. Free delivery in Port Alder County." },
    { result: 0, category: "ads", quote: "Thinking of selling? Get a free home valuation from Harbourside Realty in 60 seconds." },
    { result: 0, category: "metadata", quote: "By Dana Whitcomb, Transport Reporter · Updated March 14, 2025, 6:42 p.m." },
    {
      result: 0,
      category: "off_topic",
      quote: "The project will cost an estimated $14.8 million, of which $9 million comes from a provincial active transportation grant.",
    },
  ],
  "demo-02-it-recipe": [
    { result: 0, category: "vital", quote: "Ingredienti per 4 persone" },
    { result: 0, category: "vital", quote: "1,2 litri di brodo di carne caldo (circa 300 ml a persona)" },
    { result: 0, category: "ads", quote: "Pentole antiaderenti Ferrotti: set da 8 pezzi a soli 79,90 €. Spedizione gratuita!" },
    { result: 0, category: "ads", quote: "Corso online di cucina italiana: -30% con il codice MARTA30." },
    { result: 0, category: "ui_navigation", quote: "Primi piatti | Secondi | Dolci | Lievitati | Chi sono | Contatti" },
    { result: 0, category: "metadata", quote: "Pubblicato il 3 febbraio 2025 da Marta · Tempo di lettura: 6 minuti · 42 commenti" },
    {
      result: 0,
      category: "off_topic",
      quote:
        "Ogni volta che preparo il risotto giallo mi torna in mente la cucina di mia nonna Pina, a Lodi, con la finestra appannata e la radio sempre accesa.",
    },
  ],
  "demo-03-uk-howto": [
    { result: 0, category: "vital", quote: "Відкрийте Chrome і натисніть Ctrl + Shift + Delete (на Mac — Cmd + Shift + Delete)." },
    { result: 0, category: "vital", quote: "Позначте пункт «Зображення та файли, збережені в кеші»." },
    { result: 0, category: "vital", quote: "Натисніть «Видалити дані»." },
    { result: 0, category: "ads", quote: "Ноутбуки зі знижкою до 25% — тільки цього тижня в магазині «Техносвіт»!" },
    { result: 0, category: "metadata", quote: "Автор: Олександр Коваль · 12.01.2025 · 👁 18 420 переглядів" },
    { result: 0, category: "ui_navigation", quote: "Головна » Браузери » Chrome" },
  ],
  "demo-04-zh-qa": [
    { result: 0, category: "vital", quote: "盆土表面2～3厘米干了再浇，一次浇透，直到盆底有水流出。" },
    {
      result: 0,
      category: "vital",
      quote:
        "一般来说，春秋季节大约3～5天浇一次；夏天气温高、蒸发快，可以1～2天浇一次，并经常向叶面喷水增加湿度；冬天植株生长缓慢，7～10天浇一次即可，要用接近室温的水，避免冻伤根系。",
    },
    { result: 0, category: "ads", quote: "【限时特惠】进口营养土 5升装 仅需9.9元，包邮到家！" },
    { result: 0, category: "ui_navigation", quote: "首页 花草问答 植物百科 商城 论坛" },
    { result: 0, category: "metadata", quote: "提问者：小叶子 · 2024-06-18 · 浏览 3.2万次" },
  ],
  "demo-05-en-multi-text": [
    {
      result: 0,
      category: "vital",
      quote: "Atmospheric pressure falls as altitude increases, so water boils at a lower temperature in the mountains.",
    },
    {
      result: 0,
      category: "vital",
      quote:
        "At sea level water boils at 100 °C; at 1,500 m it boils at roughly 95 °C, at 3,000 m at about 90 °C, and on the summit of Mount Everest at only about 70 °C.",
    },
    { result: 1, category: "metadata", quote: "Posted by u/trailmix_tom · 3y ago" },
    { result: 1, category: "ui_navigation", quote: "142 comments · Share · Save · Report" },
    {
      result: 2,
      category: "duplicate",
      quote:
        "Water boils at a lower temperature as you go up — in Denver, at about 1,600 m, it boils at roughly 95 °C (203 °F) — so boiled and simmered foods need more time.",
    },
    { result: 2, category: "ads", quote: "Subscribe to our newsletter for weekly recipes! Enter your email" },
    { result: 2, category: "ui_navigation", quote: "Share this article: Facebook · Pinterest · Email" },
  ],
  "demo-06-en-docs": [
    { result: 0, category: "vital", quote: "fetch() has no timeout option of its own." },
    {
      result: 0,
      category: "vital",
      quote:
        "The simplest way to add a timeout is AbortSignal.timeout(ms), which returns a signal that aborts automatically after the given number of milliseconds:",
    },
    { result: 0, category: "vital", quote: 'const res = await fetch("/api/report", { signal: AbortSignal.timeout(5000) });' },
    { result: 0, category: "ui_navigation", quote: "DevNotes Docs Guides Reference Blog GitHub ⌘K Search" },
    { result: 0, category: "ui_navigation", quote: "← Error handling Streaming responses →" },
    { result: 0, category: "metadata", quote: "You are reading the docs for v3. v4 is now available." },
  ],
};
