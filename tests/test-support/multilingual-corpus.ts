// A small multilingual corpus for the RAG tests (tests/rag-client.test.ts, e2e/rag-client.spec.ts): three documents
// per language on unrelated topics, one paragraph each (so a span's canonical offsets are offsets into the document
// as written), and per language a question one document answers with a number.

export interface CorpusDocument {
  id: string;
  lang: "en" | "it" | "zh" | "uk";
  text: string;
}

export const CORPUS: readonly CorpusDocument[] = [
  {
    id: "en-bridge",
    lang: "en",
    text: "The Golden Gate Bridge opened to traffic on May 27, 1937. Its main span is 1,280 metres long. The bridge is painted International Orange.",
  },
  {
    id: "en-bread",
    lang: "en",
    text: "Sourdough bread needs a starter of flour and water. The dough rises slowly overnight. Bake it in a hot oven for forty minutes.",
  },
  {
    id: "en-river",
    lang: "en",
    text: "The Amazon is the largest river in the world by discharge. It flows through Brazil, Peru and Colombia. Its basin holds a vast rainforest.",
  },
  {
    id: "it-bridge",
    lang: "it",
    text: "Il Ponte di Rialto fu completato nel 1591. È il più antico dei quattro ponti sul Canal Grande di Venezia. Oggi è pieno di negozi.",
  },
  {
    id: "it-pizza",
    lang: "it",
    text: "La pizza margherita nacque a Napoli nel 1889. Porta pomodoro, mozzarella e basilico. I colori ricordano la bandiera italiana.",
  },
  {
    id: "it-river",
    lang: "it",
    text: "Il Po è il fiume più lungo d'Italia. Scorre per 652 chilometri dalle Alpi al mare Adriatico. Attraversa Torino e Piacenza.",
  },
  { id: "zh-bridge", lang: "zh", text: "南京长江大桥于1968年建成通车。它是第一座由中国自行设计建造的长江大桥。大桥分为上下两层。" },
  { id: "zh-food", lang: "zh", text: "饺子是中国北方的传统食品。人们通常在春节的时候包饺子。饺子的馅可以是肉也可以是蔬菜。" },
  { id: "zh-river", lang: "zh", text: "黄河是中国第二长的河流。它全长约五千四百六十四公里。黄河流经九个省份。" },
  {
    id: "uk-bridge",
    lang: "uk",
    text: "Міст Патона у Києві відкрили у 1953 році. Це перший у світі суцільнозварний міст. Його довжина становить 1543 метри.",
  },
  { id: "uk-food", lang: "uk", text: "Борщ готують з буряка, капусти та картоплі. Його часто подають зі сметаною. Кожна родина має свій рецепт." },
  { id: "uk-river", lang: "uk", text: "Дніпро є найдовшою річкою України. Він впадає в Чорне море. На його берегах стоїть Київ." },
];

export interface CorpusQuestion {
  lang: CorpusDocument["lang"];
  query: string;
  /** The document that answers it, and the answer as written there. */
  answerIn: string;
  answer: string;
}

export const QUESTIONS: readonly CorpusQuestion[] = [
  { lang: "en", query: "When did the Golden Gate Bridge open?", answerIn: "en-bridge", answer: "1937" },
  { lang: "it", query: "Quando fu completato il Ponte di Rialto?", answerIn: "it-bridge", answer: "1591" },
  { lang: "zh", query: "南京长江大桥是哪一年建成通车的？", answerIn: "zh-bridge", answer: "1968" },
  { lang: "uk", query: "Коли відкрили міст Патона у Києві?", answerIn: "uk-bridge", answer: "1953" },
];
