import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

interface PgListenOptions {
  connectionString: string;
  /** The NOTIFY channel to LISTEN on. */
  channel: string;
  /** Each notification's payload (empty payloads are dropped). */
  onMessage: (payload: string) => void;
  /** LISTEN is (again) in place: from now on no change is missed. */
  onUp?: () => void;
  /** The connection dropped: changes until the next onUp are not heard. */
  onDown?: () => void;
  log: FastifyBaseLogger;
  /** The warning logged on a drop (what stops working until the connection is back). */
  lostText: string;
}

export interface PgListener {
  /** Settles after the first attempt to connect and LISTEN (never rejects; a failure retries). */
  ready: Promise<void>;
  /** The listening connection's server process id (tests cut it to simulate a drop). */
  readonly backendPid: number | undefined;
  stop(): Promise<void>;
}

/**
 * One PostgreSQL connection LISTENing on a channel, reconnected with back-off (250 ms doubling
 * to 10 s) after any drop, for the features that cross instances through NOTIFY (new-message
 * counts, the live channel).
 */
export function listenChannel({ connectionString, channel, onMessage, onUp, onDown, log, lostText }: PgListenOptions): PgListener {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryDelay = 250;
  let timer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryDelay);
    timer.unref();
    retryDelay = Math.min(retryDelay * 2, 10_000);
  };

  async function connect() {
    const current = new pg.Client({ connectionString });
    client = current;
    const lost = (err?: Error) => {
      if (client !== current) return;
      client = undefined;
      onDown?.();
      if (!stopped) log.warn({ err }, lostText);
      current.end().catch(() => undefined);
      scheduleReconnect();
    };
    current.on('error', lost);
    current.on('end', () => lost());
    current.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) onMessage(msg.payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client !== current || stopped) return;
      retryDelay = 250;
      onUp?.();
    } catch (err) {
      lost(err as Error);
    }
  }

  return {
    ready: connect(),
    get backendPid() {
      return (client as unknown as { processID?: number } | undefined)?.processID;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      onDown?.();
      await current?.end().catch(() => undefined);
    },
  };
}
