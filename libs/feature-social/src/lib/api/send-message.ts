import { useSendThreadMessage } from './conversations';

/** A direct message to a friend (optionally a reply quoting `replyTo`); conversations refetch. */
export const useSendMessage = useSendThreadMessage;
