// Browser-safe exports: zod schemas and constants only, no Node built-ins.
export { API_VERSION, healthSchema, type Health, serviceInfoSchema, type ServiceInfo } from './schemas/service.js';
export { errorBodySchema, type ErrorBody, errorDetailSchema, type ErrorDetail } from './schemas/error-body.js';
