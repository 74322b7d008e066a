// The website wing's public entry (docs/architecture.md, "The three wings"): what another wing
// (the bots) may use of it. The bots answer from the same services as the website: the /v1
// answers, the USD price of the project token, Ask, the per-day counters of the AI features and
// the words for a section's source or failure.
export type { WebsiteDeps } from './website-deps.js';
export type { AiDeps } from './ai/ai-deps.js';
export { v1Answer } from './v1-answer.js';
export { readTokenPrices } from './token-prices.js';
export { runAsk } from './ask/ask-agent.js';
export { giveOne, takeOne, utcDay, type DailyCounter } from './ai/daily-counter.js';
export { served, whyNot } from './source-section.js';
export { hasFailedSection } from '../../cache/v1-answers.js';
