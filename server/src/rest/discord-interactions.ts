// STUB (part B replaces it): POST /discord/interactions (docs/bots.md, "Discord").
import { Router } from 'express';
import type { AppDeps } from '../deps.js';

export function discordInteractionRoutes(_deps: AppDeps): Router {
  return Router();
}
