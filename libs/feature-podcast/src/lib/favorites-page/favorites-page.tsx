import { Alert, Page, Spinner } from '@vox/ui';
import { useFavorites } from '../api/podcast';
import { EpisodeRow } from '../shared/episode-row';
import '../shared/podcast.css';

/** /favorites (logged in only): my favourite episodes, last added first. */
export function FavoritesPage() {
  const favorites = useFavorites();
  return (
    <Page>
      <h1 className="vox-pod-heading">Favorites</h1>
      {favorites.isPending ? (
        <Spinner label="Loading your favorites" />
      ) : favorites.isError ? (
        <Alert>{favorites.error.message}</Alert>
      ) : favorites.data.episodes.length === 0 ? (
        <p className="vox-pod-empty">No favorites yet. Tap Favorite on an episode to keep it here.</p>
      ) : (
        <ul className="vox-pod-episodes" aria-label="Favorite episodes">
          {favorites.data.episodes.map((episode) => (
            <EpisodeRow key={episode.id} episode={episode} />
          ))}
        </ul>
      )}
    </Page>
  );
}
