import { describe, expect, it } from "vitest";
import { isChromeText } from "./chrome-text";

describe("isChromeText", () => {
  it("finds the held-out kinds of in-article chrome by their wording", () => {
    for (const t of [
      "(Image: © NASA/ESA/Hubble)",
      "Photo: Getty Images",
      "Natalie Naccache | Bloomberg | Getty Images",
      "Фото: Укрінформ",
      "图片：新华社",
      "Follow us on twitter @spacedotcom",
      "Subscribe to our sister title for more.",
      "I agree that Example Media can send me the newsletter. Please check the opt-in box to continue.",
      "There was an error processing your subscription.",
      "Our website uses cookies to improve its performance and your experience.",
      "Published: 10:48, Tue, Nov 19, 2019 | Updated: 11:02, Tue, Nov 19, 2019",
      "Aggiornato il 19 novembre 2019",
      "Опубліковано 19 листопада 2019, 10:48",
      "By Ann Lee",
      "By Ann Lee, Science Editor",
      "Von Anna Maria Meier | Berlin",
      "438.3k",
      "1,204 shares",
      "Privacy Policy",
      "See more: Gronk may have found his true calling",
      "Don't miss: the ten best beaches of the summer",
      "Lesen Sie auch: Die Bahn streikt wieder",
      "Читайте також: Музей відкрився після ремонту",
      "延伸阅读：绿萝怎么养",
    ])
      expect(isChromeText(t), t).toBe(true);
  });

  it("leaves prose alone, short or long", () => {
    for (const t of [
      "By Tuesday, the council had approved the budget.",
      "By 2020 the city had grown to 40,000 inhabitants.",
      "Updated figures show that the economy grew by 2% last year.",
      "The photo agency said it had sold 200 pictures.",
      "The museum opens at 10 on Sunday.",
      "Are those of us who have explicitly avoided agreeing to the Facebook terms of service simply fair game?",
      "You can contribute to this API by taking part in discussions on the WHATWG mailing list.",
      "4,699,755",
      "Related work on this question is scarce, and the two studies disagree.",
      "Seeing more of the city was her aim.",
      "2, 3, 5, 2, 3, 12",
      `The company said its newsletter ${"reaches readers in many countries and has grown every year since it began ".repeat(3)}`,
      "",
    ])
      expect(isChromeText(t), t).toBe(false);
  });
});
