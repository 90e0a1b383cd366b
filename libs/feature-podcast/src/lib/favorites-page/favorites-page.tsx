import { PlaceholderPage } from '@vox/ui';

/** /favorites (logged in only). */
export function FavoritesPage() {
  return (
    <PlaceholderPage
      title="Favorites"
      description="The channels and episodes you mark as favorites will be gathered here."
    />
  );
}
