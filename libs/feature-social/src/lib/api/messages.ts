import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import type { Conversation, ConversationList, DirectMessageResult } from '@vox/contract';
import { CONVERSATION_LIMITS, socialEndpoints } from '@vox/contract/social';

/** Query keys of conversations: under ['conversations'] so one invalidation refreshes all. */
const conversationKeys = {
  all: ['conversations'] as const,
  list: (userId: string | null) => ['conversations', 'list', userId] as const,
  thread: (userId: string | null, otherId: string) => ['conversations', 'thread', userId, otherId] as const,
};

/**
 * My conversations with unread counts. While Messages is open (and the tab visible) it asks again
 * every few seconds, so a new message shows up without a reload. A poll rather than a live
 * channel: docs/live.md's stream belongs to one table read, and a message list needs no more than
 * a few seconds' freshness.
 */
export function useConversations() {
  const user = useUser();
  return useQuery({
    queryKey: conversationKeys.list(user?.id ?? null),
    queryFn: (): Promise<ConversationList> => api.call(socialEndpoints.conversations),
    enabled: Boolean(user),
    refetchInterval: CONVERSATION_LIMITS.pollMs,
  });
}

/** One conversation, asked again every few seconds while it is open. */
export function useConversation(otherId: string) {
  const user = useUser();
  return useQuery({
    queryKey: conversationKeys.thread(user?.id ?? null, otherId),
    queryFn: (): Promise<Conversation> => api.call(socialEndpoints.conversation, { params: { userId: otherId } }),
    enabled: Boolean(user),
    refetchInterval: CONVERSATION_LIMITS.pollMs,
  });
}

/** Marks the other's messages read up to one of them; the conversation list refetches. */
export function useMarkConversationRead(otherId: string) {
  const client = useQueryClient();
  const user = useUser();
  return useMutation({
    mutationFn: (upTo: string) => api.call(socialEndpoints.markConversationRead, { params: { userId: otherId }, body: { upTo } }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.list(user?.id ?? null) }),
  });
}

/** Sends a message (a reply quotes `replyTo`); every conversation query refetches. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ to, text, replyTo }: { to: string; text: string; replyTo?: string }): Promise<DirectMessageResult> =>
      api.call(socialEndpoints.sendMessage, { body: replyTo ? { to, text, replyTo } : { to, text } }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
