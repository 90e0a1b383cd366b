import { MESSAGES } from '@vox/contract';

/** Any failed call: `status` is the HTTP status (0 when the server could not be reached), `message` the server's text. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string = MESSAGES.genericError,
    readonly body?: unknown,
  ) {
    super(message || MESSAGES.genericError);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The text the UI shows for a failed answer: the JSON `message` the API sends, else the plain
 * response text, else the product's generic text. HTML error pages (a proxy's 502) are not a message.
 */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // the body could not be read; the generic text stands in
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
  return new ApiError(response.status, messageOf(body) ?? (isHtml ? '' : text.trim()), body ?? (text || undefined));
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body as { message: unknown };
  return typeof message === 'string' && message.trim() ? message : undefined;
}
