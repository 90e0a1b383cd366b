/**
 * A text/event-stream parser (the WHATWG "event stream interpretation", as much as the live
 * channel uses): `data:` lines joined, `id:` kept, comments (`:`) ignored, an event dispatched on
 * a blank line. Chunks may split anywhere, CRLF and LF both end a line.
 */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | null = null;
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ id, event: event || 'message', data: data.join('\n') });
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      let cut: number;
      while ((cut = buffer.search(/\r\n|\n|\r/)) >= 0) {
        const crlf = buffer[cut] === '\r' && buffer[cut + 1] === '\n';
        // A lone CR at the very end may be the first half of CRLF: wait for the next chunk.
        if (buffer[cut] === '\r' && cut === buffer.length - 1) break;
        line(buffer.slice(0, cut));
        buffer = buffer.slice(cut + (crlf ? 2 : 1));
      }
    },
    /** The id of the last event seen (what a Last-Event-ID header would carry). */
    get lastEventId() {
      return id;
    },
  };
}
