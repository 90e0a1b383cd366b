import { MESSAGES } from '@vox/contract';

/**
 * The text to show for a failed action: the server's message when the error carries one
 * (the API answers errors as { message }), else the generic 'An error occurred.'.
 */
export function errorText(error: unknown, fallback: string = MESSAGES.genericError): string {
  if (typeof error === 'string' && error.trim()) return error;
  if (error && typeof error === 'object' && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}
