/**
 * The podcast variant's plain values: limits, the categories a channel may choose
 * (Apple Podcasts' top-level categories, which the feed's itunes:category must name exactly) and
 * the texts the API answers with.
 */
export const PODCAST_LIMITS = {
  title: 200,
  author: 120,
  description: 4000,
  notes: 10000,
  playlistTitle: 120,
  transcript: 500_000,
  chapters: 200,
  /** An episode's audio: 200 MB (about three hours of 128 kbit/s MP3). */
  audioBytes: 200 * 1024 * 1024,
  playlistItems: 500,
} as const;

export const PODCAST_CATEGORIES = [
  'Arts',
  'Business',
  'Comedy',
  'Education',
  'Fiction',
  'History',
  'Kids & Family',
  'Leisure',
  'Music',
  'News',
  'Religion & Spirituality',
  'Science',
  'Society & Culture',
  'Sports',
  'Technology',
  'True Crime',
  'TV & Film',
] as const;

export const PODCAST_MESSAGES = {
  channelNotFound: 'This channel was not found.',
  authorMissing: 'Please name the author: podcast apps show it with every episode.',
  episodeNotFound: 'This episode was not found.',
  playlistNotFound: 'This playlist was not found.',
  playlistNameTaken: 'You already have a playlist with this name. Choose another name.',
  linkNotFound: 'This share link does not exist or was revoked.',
  notChannelOwner: 'Only the channel’s owner can do this.',
  notPlaylistOwner: 'Only the playlist’s owner can change it.',
  titleMissing: 'Please give it a title.',
  badCategory: 'Please choose one of the listed categories.',
  badLanguage: 'Please give the language as a code such as en or en-GB.',
  audioMissing: 'Please choose an audio file to upload.',
  audioTooLarge: 'The audio file is larger than 200 MB.',
  audioUnsupported: 'This file is not audio we can publish. Please upload MP3, M4A, WAV, Ogg or WebM.',
  publishAtPast: 'The publish date must be in the future; choose “Publish now” instead.',
  publishAtMissing: 'Please choose the date and time to publish at.',
  badChapters: 'Chapters need a start time (seconds from the start) and a title, in order of their start.',
  badTranscript: 'The transcript must be WebVTT: it starts with the line WEBVTT.',
  episodeNotPlayable: 'This episode is not published yet.',
  duplicateEpisode: 'This episode is already in the playlist.',
  playlistFull: 'A playlist holds at most 500 episodes.',
  badOrder: 'The new order must list exactly the playlist’s episodes.',
  rangeNotSatisfiable: 'The requested range is outside the file.',
  coverMissing: 'Please choose an image for the cover.',
} as const;
