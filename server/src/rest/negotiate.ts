// A browser asks for HTML; every other client gets JSON (docs/registry-api.md, `GET /`).
import type { Request } from 'express';

export function wantsHtml(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return (
    req.accepts(['application/json', 'text/html']) === 'text/html' &&
    Boolean(req.get('accept')?.includes('text/html'))
  );
}
