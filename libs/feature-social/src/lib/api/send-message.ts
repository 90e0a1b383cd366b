import { useMutation } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { endpoints, type DirectMessageResult } from '@vox/contract';

export const sendMessage = (to: string, text: string): Promise<DirectMessageResult> =>
  api.call(endpoints.sendMessage, { body: { to, text } });

/** A direct message to a friend. */
export function useSendMessage() {
  return useMutation({ mutationFn: ({ to, text }: { to: string; text: string }) => sendMessage(to, text) });
}
