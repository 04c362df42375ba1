// The demo dataset: small, hand-written, fictional pages (no copied web content), each with a realistic query.
// Seeded into the "demo" dataset by lib/server/db/seed-demo-data.ts and listed by the inspector's demo dropdown.
import { EN_DOCS_FETCH_TIMEOUT_HTML } from "./pages/en-docs-fetch-timeout";
import { EN_NEWS_BIKE_LANES_HTML } from "./pages/en-news-bike-lanes";
import { EN_TEXT_BOILING_POINT_RESULTS } from "./pages/en-text-boiling-point";
import { IT_RECIPE_RISOTTO_HTML } from "./pages/it-recipe-risotto";
import { UK_HOWTO_CHROME_CACHE_HTML } from "./pages/uk-howto-chrome-cache";
import { ZH_QA_POTHOS_HTML } from "./pages/zh-qa-pothos";
import type { DemoFixture } from "./types";

export const DEMO_DATASET = "demo";
export const DEMO_DATASET_DESCRIPTION = "Hand-written noisy example pages (en, it, uk, zh, plain text) for trying the compressor.";

export const DEMO_FIXTURES: DemoFixture[] = [
  {
    id: "demo-01-en-news",
    query: "When will the Harbor Street bike lanes be finished?",
    lang: "en",
    results: [
      {
        title: "Harbor Street bike lanes to open in phases, council says",
        url: "https://courier.example.com/local/harbor-street-bike-lanes",
        lang: "en",
        html: EN_NEWS_BIKE_LANES_HTML,
      },
    ],
  },
  {
    id: "demo-02-it-recipe",
    query: "quanto brodo serve per il risotto alla milanese per 4 persone",
    lang: "it",
    results: [
      {
        title: "Risotto alla milanese: la ricetta della nonna",
        url: "https://lacucinadimarta.example.it/risotto-alla-milanese",
        lang: "it",
        html: IT_RECIPE_RISOTTO_HTML,
      },
    ],
  },
  {
    id: "demo-03-uk-howto",
    query: "як очистити кеш у Chrome на комп'ютері",
    lang: "uk",
    results: [
      {
        title: "Як очистити кеш у Google Chrome",
        url: "https://techporadnyk.example.ua/brauzery/chrome-kesh",
        lang: "uk",
        html: UK_HOWTO_CHROME_CACHE_HTML,
      },
    ],
  },
  {
    id: "demo-04-zh-qa",
    query: "绿萝多久浇一次水",
    lang: "zh",
    results: [
      {
        title: "绿萝多久浇一次水？夏天和冬天有什么不同？",
        url: "https://lvshouzhi.example.cn/wenda/10086",
        lang: "zh",
        html: ZH_QA_POTHOS_HTML,
      },
    ],
  },
  {
    id: "demo-05-en-multi-text",
    query: "What is the boiling point of water at high altitude?",
    lang: "en",
    results: EN_TEXT_BOILING_POINT_RESULTS.map((r) => ({ title: r.title, url: r.url, lang: "en", text: r.text })),
  },
  {
    id: "demo-06-en-docs",
    query: "how to set a timeout on fetch in JavaScript",
    lang: "en",
    results: [
      {
        title: "Cancelling requests and timeouts",
        url: "https://docs.devnotes.example.dev/fetch/timeouts",
        lang: "en",
        html: EN_DOCS_FETCH_TIMEOUT_HTML,
      },
    ],
  },
];
