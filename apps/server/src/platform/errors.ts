import { MESSAGES } from '@portal/shared';

/** An error whose message is meant for the user; anything else becomes a 500 without details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new AppError(400, message, errors);
export const unauthorized = (message: string = MESSAGES.unauthenticated) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const unprocessable = (message: string) => new AppError(422, message);
export const tooManyRequests = (message: string = MESSAGES.tooManyRequests) => new AppError(429, message);
