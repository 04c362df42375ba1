import { describe, expect, it } from "vitest";
import { questionToClaim } from "./question-to-claim";

describe("questionToClaim", () => {
  it.each([
    // do-support undone, the verb taking the auxiliary's tense; times and places take "in"
    ["When did the Normans conquer England?", "1066", "The Normans conquered England in 1066."],
    ["What year did the war end?", "1945", "The war ended in 1945."],
    ["where does the water come from in the great lakes", "precipitation", "The water comes from precipitation in the great lakes."],
    ["Who did Tesla work for in Paris?", "Continental Edison", "Tesla worked for Continental Edison in Paris."],
    ["What city did Tesla move to in 1884?", "New York", "Tesla moved to New York in 1884."],
    ["How many games did the Broncos win?", "12", "The Broncos won 12 games."],
    ["How much did the stadium cost?", "$1.3 billion", "The stadium cost $1.3 billion."],
    // the wh-phrase as subject
    ["Which NFL team represented the AFC at Super Bowl 50?", "Denver Broncos", "Denver Broncos represented the AFC at Super Bowl 50."],
    ["What causes tides?", "the moon", "The moon causes tides."],
    ["What is the capital of France?", "Paris", "Paris is the capital of France."],
    ["Who has won the most titles?", "Brazil", "Brazil has won the most titles."],
    ["How many people live in Warsaw?", "1.7 million", "1.7 million people live in Warsaw."],
    ["How many species of trees can be found in the Amazon?", "16,000", "16,000 species of trees can be found in the Amazon."],
    ["What might have caused the fire?", "lightning", "Lightning might have caused the fire."],
    // passives and a dangling preposition
    ["Where was Tesla born?", "Smiljan", "Tesla was born in Smiljan."],
    ["What was Tesla known for?", "his inventions", "Tesla was known for his inventions."],
    ["What was invented by Tesla?", "the AC motor", "The AC motor was invented by Tesla."],
    // a simple past that is also a participle does not make a passive
    ["when was the last time a wildcard team won the superbowl", "2010", "The last time a wildcard team won the superbowl was 2010."],
    // the noun is not repeated when the answer holds it
    ["How many nations are within the basin?", "nine nations", "Nine nations are within the basin."],
    // The answer ends with the question's first noun: not repeated ("182 million tons tons of dust").
    [
      "How many tons of dust are blown from the Sahara each year?",
      "182 million tons",
      "182 million tons of dust are blown from the Sahara each year.",
    ],
  ])("%s + %s", (question, answer, claim) => {
    expect(questionToClaim(question, answer)).toBe(claim);
  });

  it.each([
    ["Why did Tesla leave Edison?", "a dispute"], // a reason is a clause, not a slot
    ["how do you say hello in french", "bonjour"],
    ["What did the rainforest do during the Miocene?", "It expanded"],
    ["Is Paris in France?", "yes"],
    ["tesla inventions", "AC motor"], // a keyword query
    ["Who won?", ""],
  ])("gives no claim for %s", (question, answer) => {
    expect(questionToClaim(question, answer)).toBeUndefined();
  });
});
