import { Page } from '@vox/ui';
import { ChannelDirectory } from '../shared/channel-directory';
import '../shared/podcast.css';

/** The podcast site's / for visitors who are not logged in: every channel, searchable. */
export function ChannelsPage() {
  return (
    <Page width="wide">
      <h1 className="vox-pod-heading">Channels</h1>
      <p className="vox-pod-lead">Audio dramas and shows from VoxClub creators. Open a channel to play its episodes, or follow its RSS feed in your podcast app.</p>
      <ChannelDirectory />
    </Page>
  );
}
