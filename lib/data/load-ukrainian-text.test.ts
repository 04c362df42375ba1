import { describe, expect, it } from "vitest";
import { splitTextArticles } from "./load-ukrainian-text";

describe("splitTextArticles", () => {
  it("starts an article at an entry's opening and at an essay title", () => {
    const text = [
      "Київ — столиця України, найбільше місто країни.",
      "Місто розташоване на Дніпрі.",
      "Мій досвід ведення блогу",
      "Останні три місяці видалися насиченими.",
      "Сьогодні розповім про Instagram.",
    ].join("\n");
    const articles = splitTextArticles(text, "t");
    expect(articles.map((a) => [a.title, a.paragraphs.length])).toEqual([
      ["Київ", 2],
      ["Мій досвід ведення блогу", 2],
    ]);
    expect(new Set(articles.map((a) => a.group)).size).toBe(2);
  });

  it("cuts a run without marks every 12 paragraphs", () => {
    const text = Array.from({ length: 30 }, (_, i) => `Речення номер ${i} має крапку, і ще трохи слів.`).join("\n");
    expect(splitTextArticles(text, "t").map((a) => a.paragraphs.length)).toEqual([12, 12, 6]);
  });
});
