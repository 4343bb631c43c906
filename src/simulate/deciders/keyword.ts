// The keyword decider: deterministic lexical similarity between the caller's words and each candidate's words.
import type { Candidate, Decider, Decision, DecisionRequest } from "../types.js";

/** Options of `createKeywordDecider`; all optional. */
export interface KeywordDeciderOptions {
  /** Lowest similarity (0..1) that counts as a match. Default 0.15. */
  threshold?: number;
}

const STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could do does did for from had has have he her him his i i'm if in into is it its " +
    "just me my of on or our so that the their them then there these they this to too up us was we were what when where which " +
    "who will with would you your yours am im i'd id i'll ill let lets let's please ok okay um uh like get got want wants " +
    "caller user says said say saying tell tells told about any some all one"
  ).split(" "),
);

/** Lower-cases, splits into words, drops stopwords and strips common suffixes, so "booking" and "books" meet "book". */
export function toKeywords(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}']+/u);
  const result: string[] = [];
  for (let word of words) {
    word = word.replace(/^'+|'+$/g, "").replace(/'s$/, "");
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    if (word.length > 5 && word.endsWith("ing")) word = word.slice(0, -3);
    else if (word.length > 4 && word.endsWith("ies")) word = `${word.slice(0, -3)}y`;
    else if (word.length > 4 && word.endsWith("ed")) word = word.slice(0, -2);
    else if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) word = word.slice(0, -1);
    result.push(word);
  }
  return result;
}

/** The words of each candidate of a list; one cache entry per node's (cached) candidate list, not per pathway. */
const listWords = new WeakMap<readonly Candidate[], Set<string>[]>();

function wordsOf(candidates: readonly Candidate[]): Set<string>[] {
  let words = listWords.get(candidates);
  if (!words) {
    words = candidates.map((c) => new Set(toKeywords([c.label, c.description ?? "", c.targetName ?? "", ...c.examples].join(" "))));
    listWords.set(candidates, words);
  }
  return words;
}

/** Cosine similarity of the two word sets: shared words over the geometric mean of their sizes. */
export function getSimilarity(user: ReadonlySet<string>, candidate: ReadonlySet<string>): number {
  if (user.size === 0 || candidate.size === 0) return 0;
  let shared = 0;
  for (const w of user) if (candidate.has(w)) shared++;
  return shared / Math.sqrt(user.size * candidate.size);
}

/**
 * The keyword decider. Scores every candidate (cost: the candidates' words, so it grows with the node's out-degree,
 * not the pathway's size); the best above the threshold wins; a tie or no match is reported, never guessed.
 */
export function createKeywordDecider(options: KeywordDeciderOptions = {}): Decider {
  const threshold = options.threshold ?? 0.15;
  return {
    name: "keyword",
    decide(request: DecisionRequest): Decision {
      const user = new Set(toKeywords(request.userText));
      const scores = wordsOf(request.candidates).map((words) => getSimilarity(user, words));
      let best = -1;
      let bestScore = 0;
      for (let i = 0; i < scores.length; i++)
        if (scores[i]! > bestScore + 1e-12) {
          best = i;
          bestScore = scores[i]!;
        }
      if (best < 0 || bestScore < threshold) {
        return { kind: "stay", reason: `no choice matched the caller's words (best similarity ${bestScore.toFixed(2)} < threshold ${threshold})` };
      }
      const tied = scores.flatMap((s, i) => (Math.abs(s - bestScore) <= 1e-12 ? [i] : []));
      const targets = new Set(tied.map((i) => request.candidates[i]!.targetId));
      if (tied.length > 1 && targets.size > 1) {
        return {
          kind: "ambiguous",
          indexes: tied,
          reason: `tie at similarity ${bestScore.toFixed(2)} between ${tied.map((i) => `"${request.candidates[i]!.label.slice(0, 50)}"`).join(" and ")}`,
        };
      }
      const c = request.candidates[best]!;
      return { kind: "take", index: best, score: bestScore, reason: `keyword similarity ${bestScore.toFixed(2)} with "${c.label.slice(0, 60)}"` };
    },
  };
}
