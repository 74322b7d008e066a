// The payloads of the web capabilities, the same whichever provider answers (docs/data-layer.md,
// "Web"). Every page text, snippet and answer is untrusted third-party text: `untrusted: true`
// says so wherever such text is carried. Page text is capped by `maxCharacters` and marked
// `truncated: true` when cut. Credits and cost are the provider's own figures.

export interface WebUsage {
  credits?: number;
  costUsd?: number;
}

export interface WebPage {
  url: string;
  title?: string;
  /** A short excerpt chosen by the provider. */
  snippet?: string;
  /** Page text, capped by maxCharacters. */
  text?: string;
  /** With `text`: whether the text was cut at maxCharacters. */
  truncated?: boolean;
  publishedAt?: string;
  author?: string;
  score?: number;
  untrusted: true;
}

export interface WebSearchResult {
  query: string;
  results: WebPage[];
  usage?: WebUsage;
}

export interface WebExtractResult {
  results: WebPage[];
  /** URLs the provider could not read, with its reason. */
  failed: { url: string; error: string }[];
  usage?: WebUsage;
}

export interface WebMapResult {
  url: string;
  links: { url: string; title?: string }[];
  usage?: WebUsage;
}

export interface WebSimilarResult {
  url: string;
  results: WebPage[];
  usage?: WebUsage;
}

export interface WebAnswerResult {
  question: string;
  answer: string;
  citations: WebPage[];
  usage?: WebUsage;
  untrusted: true;
}

/** Caps page text at `max` characters; `truncated` says whether it was cut. */
export function capText(text: string, max: number): { text: string; truncated: boolean } {
  return text.length > max ? { text: text.slice(0, max), truncated: true } : { text, truncated: false };
}
