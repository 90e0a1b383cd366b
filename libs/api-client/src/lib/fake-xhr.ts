/**
 * A stand-in for XMLHttpRequest (Node has none): records what `upload` sends and lets a spec
 * drive the upload's progress, answer, network failure or abort by hand.
 */
interface XhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
  body: unknown;
}

type Handler = ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;

export class FakeXhr {
  static instances: FakeXhr[] = [];
  call: XhrCall = { method: '', url: '', headers: {}, withCredentials: false, body: undefined };
  status = 0;
  responseText = '';
  responseHeaders = '';
  withCredentials = false;
  aborted = false;
  upload: { onprogress: Handler } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.call.method = method;
    this.call.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.call.headers[name] = value;
  }
  send(body: unknown) {
    this.call.body = body;
    this.call.withCredentials = this.withCredentials;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  // What the spec does to it:
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, body: unknown, contentType = 'application/json') {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = `content-type: ${contentType}\r\nx-other: 1\r\n`;
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

/** The factory to pass as ApiClientOptions.xhr; resets the list of made requests. */
export function fakeXhrFactory(): () => XMLHttpRequest {
  FakeXhr.instances = [];
  return () => new FakeXhr() as unknown as XMLHttpRequest;
}

/** Waits until the client has made `n` requests (they are made after awaited steps). */
export async function nthXhr(n: number): Promise<FakeXhr> {
  for (let i = 0; i < 50 && FakeXhr.instances.length < n; i += 1) await new Promise((r) => setTimeout(r, 0));
  const xhr = FakeXhr.instances[n - 1];
  if (!xhr) throw new Error(`expected request #${n}, saw ${FakeXhr.instances.length}`);
  return xhr;
}
