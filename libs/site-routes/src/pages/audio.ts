import { lazyPage } from '@vox/ui';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-audio');

export const audioPages: PageRecord = {
  audio: lazyPage(load, (m) => m.AudioLibraryPage),
  audioCreate: lazyPage(load, (m) => m.AudioUploadPage),
  audioEdit: lazyPage(load, (m) => m.AudioEditPage),
  freesound: lazyPage(load, (m) => m.FreesoundPage),
};
