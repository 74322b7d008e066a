// The REST routes the service answers, as listed by GET /. Grows as routes land.
export const REST_ENDPOINTS = ['GET /', 'GET /health', 'POST /trpc/*'] as const;
