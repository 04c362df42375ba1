import { parseSentenceLabels } from "./read-sentence-labels";

// Four search queries: two on one article (two paragraphs), two on articles of their own that share their words.
export const SEARCH_QUERY_LINES = [
  {
    id: "q1",
    question: "when did the eiffel tower open",
    title: "Eiffel Tower",
    sentences: ["The Eiffel Tower is a wrought-iron tower in Paris.", "It opened to the public in 1889 for the World's Fair."],
    labels: [0, 1],
    answers: ["1889"],
  },
  {
    id: "q2",
    question: "how tall is the eiffel tower",
    title: "Eiffel Tower",
    sentences: ["The tower is 330 metres tall.", "It was the tallest structure in the world until 1930."],
    labels: [1, 0],
    answers: ["330 metres"],
  },
  {
    id: "q3",
    question: "who designed the tower in blackpool",
    title: "Blackpool Tower",
    sentences: [
      "Blackpool Tower is a tourist attraction in Blackpool, England.",
      "It was designed by Maxwell and Tuke, inspired by the Eiffel Tower.",
    ],
    labels: [0, 1],
    answers: ["Maxwell and Tuke"],
  },
  {
    id: "q4",
    question: "when did tokyo tower open",
    title: "Tokyo Tower",
    sentences: ["Tokyo Tower is a communications tower in Tokyo.", "Inspired by the Eiffel Tower, it opened in 1958."],
    labels: [0, 1],
    answers: ["1958"],
  },
];
export const SEARCH_QUERIES = parseSentenceLabels(SEARCH_QUERY_LINES.map((l) => JSON.stringify(l)).join("\n"));
