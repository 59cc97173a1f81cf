/** Business errors carry a message key; the error handler translates it into the request's language. */
export interface FieldMessage {
  key: string;
  params?: Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params?: Record<string, unknown>,
    readonly fieldErrors?: Record<string, FieldMessage>,
    /** extra payload sent with the failure (e.g. an import preview) */
    readonly data?: unknown,
  ) {
    super(key);
  }
}

export const badRequest = (key = 'messages.validationFailed', fieldErrors?: Record<string, FieldMessage>, params?: Record<string, unknown>) =>
  new AppError(400, key, params, fieldErrors);
export const unauthorized = (key = 'messages.unauthorized') => new AppError(401, key);
export const forbidden = (key = 'messages.forbidden') => new AppError(403, key);
export const notFound = () => new AppError(404, 'messages.notFound');
export const conflict = (key: string, params?: Record<string, unknown>, fieldErrors?: Record<string, FieldMessage>) =>
  new AppError(409, key, params, fieldErrors);
export const tooMany = (key = 'messages.rateLimited', params?: Record<string, unknown>) => new AppError(429, key, params);
