/** Texts of the finished read and "Publish as episode". */
export const READ_RENDER_MESSAGES = {
  renderNotFound: 'This rendered read was not found.',
  linkNotFound: 'This link to a read does not exist or was revoked.',
  onlyOwnerPublishes: 'Only the session’s owner can publish the read as an episode.',
  notYourChannel: 'You can publish only to a channel of your own.',
  channelNotFound: 'This channel was not found.',
  notReady: 'The read is not rendered yet.',
  onlyRequesterShares: 'Only who rendered the read, or the session’s owner, can share or revoke its link.',
  busy: 'A render of this read is already running. Wait for it to finish.',
  failedGeneric: 'Rendering the read failed on our side, and retrying did not help. The error is logged for the site’s team.',
} as const;
