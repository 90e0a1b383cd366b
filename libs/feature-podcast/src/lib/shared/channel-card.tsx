import { Link } from 'react-router';
import type { Channel } from '@vox/contract';
import { href } from '@vox/variant';

export function ChannelCover({ channel, size = 96 }: { channel: Pick<Channel, 'cover' | 'title'>; size?: number }) {
  return channel.cover ? (
    <img className="vox-pod-cover" src={channel.cover} alt="" width={size} height={size} />
  ) : (
    <span className="vox-pod-cover vox-pod-cover--blank" style={{ width: size, height: size }} aria-hidden="true">
      {channel.title.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function ChannelCard({ channel }: { channel: Channel }) {
  return (
    <li className="vox-pod-card">
      <Link to={href('channel', { channelId: channel.id })} className="vox-pod-card-link">
        <ChannelCover channel={channel} size={72} />
        <span className="vox-pod-card-text">
          <span className="vox-pod-card-title">{channel.title}</span>
          <span className="vox-pod-meta">
            {channel.category} · {channel.episodeCount} {channel.episodeCount === 1 ? 'episode' : 'episodes'}
          </span>
        </span>
      </Link>
    </li>
  );
}
