/**
 * The Kysely database type, one interface per table. Areas add their tables here.
 * Portability rules (SQLite and PostgreSQL run the same queries):
 * - ids are text (random, generated in code, see ids.ts);
 * - times are ISO-8601 UTC text (`new Date().toISOString()`), which sorts and compares as text;
 * - booleans are integers 0/1; counts come back as string on PostgreSQL: wrap them in Number().
 */
export interface RolesTable {
  name: string;
}

export interface RolePrivilegesTable {
  role: string;
  privilege: string;
}

export interface UsersTable {
  id: string;
  email: string | null;
  /** A "User ID": a login name a school issues; sign-in accepts it instead of an email. */
  login_id: string | null;
  handle: string | null;
  name: string | null;
  photo: string | null;
  bio: string | null;
  /** argon2id PHC string; null for accounts that only sign in with Microsoft. */
  password_hash: string | null;
  ms_oid: string | null;
  role: string;
  created_at: string;
}

export interface TokenFamiliesTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface RefreshTokensTable {
  /** sha256 (hex) of the cookie value; the value itself is never stored. */
  token_hash: string;
  family_id: string;
  created_at: string;
  rotated_at: string | null;
}

/** One-time sign-in handoff codes between the listed origins (migration 230); only hashes stored. */
export interface SignInHandoffsTable {
  code_hash: string;
  family_id: string;
  /** The origin (scheme://host[:port]) that alone may exchange the code. */
  origin: string;
  /** sha256 of the state that origin put in its own cookie before asking. */
  state_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PasswordResetsTable {
  id: string;
  /** Normalized (lower-case) email the code was requested for, known account or not. */
  email: string;
  user_id: string | null;
  code_hash: string;
  created_at: string;
  expires_at: string;
  failed_attempts: number;
  used_at: string | null;
  voided_at: string | null;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  role: string;
  expires_at: string;
  created_at: string;
  source: string;
  // 071: bought plans (null for the CLI's grants).
  plan_id: string | null;
  checkout_id: string | null;
  provider_subscription_id: string | null;
  started_at: string | null;
  reminded_at: string | null;
  cancel_at_period_end: number;
}

export interface PlansTable {
  id: string;
  name: string;
  role: string;
  period_unit: 'day' | 'month';
  period_count: number;
  price_minor: number;
  currency: string;
  active: number;
  created_at: string;
}

export interface CheckoutsTable {
  id: string;
  user_id: string;
  plan_id: string;
  provider: string;
  provider_ref: string | null;
  url: string;
  status: 'open' | 'completed' | 'failed' | 'cancelled';
  amount_minor: number;
  currency: string;
  failure: string | null;
  subscription_id: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  subscription_id: string;
  checkout_id: string | null;
  kind: 'purchase' | 'renewal' | 'refund';
  amount_minor: number;
  currency: string;
  provider: string;
  provider_ref: string | null;
  refunded_at: string | null;
  created_at: string;
  /** The price the checkout fixed, when the amount paid differs from it; null when it matched. */
  expected_minor: number | null;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  created_at: string;
}

export interface LoginLockoutsTable {
  user_id: string;
  failed_count: number;
  lock_count: number;
  locked_until: string | null;
}

// Social and scripts area (migrations 010-019).

export interface FriendshipsTable {
  requester_id: string;
  addressee_id: string;
  status: 'pending' | 'accepted';
  created_at: string;
  updated_at: string;
  /** The two ids in sorted order joined by ':', unique: one row per pair (migration 032). */
  pair_key: string | null;
}

export interface NotificationsTable {
  /** Time-ordered (see repositories/notifications.ts): comparing ids compares creation times. */
  id: string;
  user_id: string;
  type: string;
  /** JSON text. */
  payload: string;
  created_at: string;
}

export interface ActivitiesTable {
  id: string;
  user_id: string | null;
  local_time: string;
  session: string;
  path: string;
  action: string;
  /** JSON text, or null when the entry has no context. */
  context: string | null;
  created_at: string;
  /** The site it was logged on (main, school, podcast, dashboard); null before migration 090. */
  variant: string | null;
  /** The path as a route pattern (/session/:id); null before migration 090. */
  route: string | null;
}

/** Migration 090: activities per UTC hour, site ('' unknown) and action, kept with each entry. */
export interface ActivityHoursTable {
  hour: string;
  variant: string;
  action: string;
  count: number;
}

/**
 * Migration 242: each signed-in user's active UTC hours per site ('' unknown, '*' all sites), with
 * the user's previous active hour on that site ('' none): the users of hours [lo, hi) are the rows
 * there whose previous hour is before lo.
 */
export interface ActiveUserHoursTable {
  site: string;
  user_id: string;
  hour: string;
  previous: string;
}

/** Migration 220: one metric of one page view's vitals beacon, kept VITALS_RETENTION_DAYS. */
/** Migration 221: a remote load failure the shell reported (recovered: 1 when the fallback loaded). */
export interface RemoteLoadFailuresTable {
  received_at: string;
  site: string;
  remote: string;
  version: string;
  fallback_version: string;
  recovered: number;
  reason: string;
}

export interface WebVitalsTable {
  received_at: string;
  site: string;
  route: string;
  remote: string;
  version: string;
  shell_version: string;
  device: string;
  connection: string;
  metric: string;
  value: number;
}

/**
 * Migration 220: samples per UTC day, site, route, remote version, metric and value bucket (the
 * value rounded up to 10 ms, CLS to 0.001): p75 and rating shares of any range without the raw rows.
 */
export interface WebVitalDaysTable {
  day: string;
  site: string;
  route: string;
  remote: string;
  version: string;
  metric: string;
  bucket: number;
  count: number;
}

/** Migration 090: visits per UTC day, site and route pattern. */
export interface ActivityRouteDaysTable {
  day: string;
  variant: string;
  route: string;
  count: number;
}

export interface ScriptsTable {
  id: string;
  owner_id: string;
  title: string;
  visibility: 'private' | 'friends' | 'public';
  is_free: number;
  created_at: string;
  updated_at: string;
  synopsis: string;
  genre: string;
  language: string;
  /** Photo id (photo store) of the cover picture. */
  cover: string | null;
}

export interface ReadingSessionsTable {
  id: string;
  script_id: string;
  created_by: string | null;
  created_at: string;
}

export interface SessionParticipantsTable {
  session_id: string;
  user_id: string;
  role_name: string | null;
  joined_at: string;
  /** The share link they joined by (null: the creator, or joined before migration 122). */
  joined_via: string | null;
}

export interface ShareLinksTable {
  id: string;
  session_id: string;
  role_name: string | null;
  created_by: string | null;
  created_at: string;
  revoked_at: string | null;
  /** The friend this link invites, when made by "Invite a friend". */
  invited_user_id: string | null;
}

export interface PhotosTable {
  /** SHA-256 of the bytes, lower-case hex. */
  id: string;
  content_type: string;
  byte_size: number;
  created_at: string;
}

// Scripts and reading sessions, continued (migrations 020-029).

export interface ScriptRolesTable {
  script_id: string;
  name: string;
  description: string;
  position: number;
}

export interface ScriptLinesTable {
  /** Stable across edits: takes hang on it. */
  id: string;
  script_id: string;
  position: number;
  kind: 'scene' | 'action' | 'dialogue' | 'transition';
  /** The role of a dialogue line; null for narration. */
  role_name: string | null;
  parenthetical: string | null;
  text: string;
}

export interface AudioFilesTable {
  /** SHA-256 of the bytes, lower-case hex; the file is DATA_DIR/uploads/audio/<id>. */
  id: string;
  content_type: string;
  byte_size: number;
  created_at: string;
}

export interface TakesTable {
  id: string;
  session_id: string;
  line_id: string;
  user_id: string;
  /** The browser's id for the recording; unique per session and user (exactly-once upload). */
  client_id: string;
  audio_id: string;
  content_type: string;
  byte_size: number;
  duration_ms: number | null;
  /** 0/1: the take playback uses for its line (at most one per session and line). */
  picked: number;
  created_at: string;
}

/** Each user's last-seen message (migration 030): the red dot's `after`, the same on every device. */
export interface NotificationMarksTable {
  user_id: string;
  last_seen_id: string;
  updated_at: string;
}

/** Secrets the app made for itself (migration 110): one value for every instance. */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** How far a running job is (migration 111). */
export interface JobProgressTable {
  job_id: string;
  fraction: number;
  updated_at: string;
}

/** Drafts (migration 050): Fountain text and its save counter. */
export interface DraftsTable {
  id: string;
  owner_id: string;
  title: string;
  body: string;
  revision: number;
  word_count: number;
  /** Pages of its PDF after the title page (@vox/fountain's pageCount; migration 241). */
  page_estimate: number;
  created_at: string;
  updated_at: string;
  /** The current revision colour's place in the sequence, 0 White (migration 215). */
  revision_color: number;
  /** The text when the current revision set started; null while White. */
  revision_base: string | null;
  revision_started_at: string | null;
}

export interface DraftRevisionsTable {
  id: string;
  draft_id: string;
  number: number;
  kind: 'auto' | 'named' | 'restore';
  name: string | null;
  title: string;
  body: string;
  word_count: number;
  created_at: string;
}

/** A thread of comments on lines from_line..to_line of a draft (migration 219). */
export interface DraftCommentThreadsTable {
  id: string;
  draft_id: string;
  author_id: string;
  from_line: number;
  to_line: number;
  /** The text of those lines when the thread was started. */
  quote: string;
  resolved_at: string | null;
  resolved_by: string | null;
  created_at: string;
}

export interface DraftCommentsTable {
  id: string;
  thread_id: string;
  author_id: string;
  body: string;
  created_at: string;
}

/** A draft's shared document as Yjs updates, base64 (migration 210; merged into one past a threshold). */
export interface DraftDocUpdatesTable {
  id: string;
  draft_id: string;
  data: string;
  created_at: string;
}

/** Who else writes in a draft, and how (migration 210). */
export interface DraftCollaboratorsTable {
  draft_id: string;
  user_id: string;
  role: 'editor' | 'commenter';
  created_at: string;
}

/** A link that makes whoever opens it a co-writer of the draft (migration 210). */
export interface DraftInviteLinksTable {
  token: string;
  draft_id: string;
  role: 'editor' | 'commenter';
  created_at: string;
}

/** A writer's own templates (migration 051). */
export interface DraftTemplatesTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  body: string;
  created_at: string;
  updated_at: string;
}

/** Which script a draft was published as (migration 052). */
export interface DraftPublicationsTable {
  draft_id: string;
  script_id: string;
  /** The draft's save counter when it was last published. */
  revision: number;
  published_at: string;
}

// Columns added to the scripts area's tables (interfaces merge).
export interface ScriptLinesTable {
  /** Set when the line left the script while it had takes: kept so the takes stay; null: in the script. */
  retired_at: string | null;
}
export interface TakesTable {
  /** The line's text when this take was recorded, if the text changed since; null: the current text. */
  recorded_text: string | null;
}

export interface Database {
  roles: RolesTable;
  role_privileges: RolePrivilegesTable;
  users: UsersTable;
  token_families: TokenFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  sign_in_handoffs: SignInHandoffsTable;
  password_resets: PasswordResetsTable;
  subscriptions: SubscriptionsTable;
  login_lockouts: LoginLockoutsTable;
  friendships: FriendshipsTable;
  notification_marks: NotificationMarksTable;
  notifications: NotificationsTable;
  activities: ActivitiesTable;
  activity_hours: ActivityHoursTable;
  active_user_hours: ActiveUserHoursTable;
  activity_route_days: ActivityRouteDaysTable;
  web_vitals: WebVitalsTable;
  web_vital_days: WebVitalDaysTable;
  remote_load_failures: RemoteLoadFailuresTable;
  scripts: ScriptsTable;
  reading_sessions: ReadingSessionsTable;
  session_participants: SessionParticipantsTable;
  share_links: ShareLinksTable;
  photos: PhotosTable;
  script_roles: ScriptRolesTable;
  script_lines: ScriptLinesTable;
  audio_files: AudioFilesTable;
  takes: TakesTable;
  app_secrets: AppSecretsTable;
  job_progress: JobProgressTable;
  plans: PlansTable;
  checkouts: CheckoutsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  // School, events, certificates, forms.
  events: EventsTable;
  event_registrations: EventRegistrationsTable;
  form_requests: FormRequestsTable;
  certificates: CertificatesTable;
  classes: ClassesTable;
  class_members: ClassMembersTable;
  setup_codes: SetupCodesTable;
  setup_code_attempts: SetupCodeAttemptsTable;
  assignments: AssignmentsTable;
  assignment_work: AssignmentWorkTable;
  work_comments: WorkCommentsTable;
  // Drafts, revisions, templates.
  drafts: DraftsTable;
  draft_revisions: DraftRevisionsTable;
  draft_templates: DraftTemplatesTable;
  draft_comment_threads: DraftCommentThreadsTable;
  draft_comments: DraftCommentsTable;
  // Idempotency keys of POST /api/scripts.
  idempotency_keys: IdempotencyKeysTable;
  draft_publications: DraftPublicationsTable;
  draft_doc_updates: DraftDocUpdatesTable;
  draft_collaborators: DraftCollaboratorsTable;
  draft_invite_links: DraftInviteLinksTable;
  // The audio library.
  sounds: SoundsTable;
  sound_cues: SoundCuesTable;
  // The podcast variant.
  podcast_channels: PodcastChannelsTable;
  podcast_episodes: PodcastEpisodesTable;
  podcast_follows: PodcastFollowsTable;
  podcast_favorites: PodcastFavoritesTable;
  podcast_playlists: PodcastPlaylistsTable;
  podcast_playlist_items: PodcastPlaylistItemsTable;
  podcast_positions: PodcastPositionsTable;
  podcast_plays: PodcastPlaysTable;
  podcast_share_links: PodcastShareLinksTable;
  // Live table reads.
  live_presence: LivePresenceTable;
  live_link_admissions: LiveLinkAdmissionsTable;
  live_bursts: LiveBurstsTable;
  // Conversations (migration 155).
  direct_messages: DirectMessagesTable;
  conversation_reads: ConversationReadsTable;
  // The finished read.
  read_renders: ReadRendersTable;
  // The first hour (the front door's featured reads).
  featured_reads: FeaturedReadsTable;
  // Casting calls (migration 200).
  casting_calls: CastingCallsTable;
  casting_roles: CastingRolesTable;
  casting_auditions: CastingAuditionsTable;
  casting_audition_takes: CastingAuditionTakesTable;
  casting_call_reports: CastingCallReportsTable;
  casting_member_settings: CastingMemberSettingsTable;
}

// --- Casting calls (migration 200) ---
export interface CastingCallsTable {
  id: string;
  owner_id: string;
  script_id: string;
  deadline: string;
  paid: number;
  pay_note: string;
  visibility: 'public' | 'friends' | 'link';
  link_id: string;
  /** A passed deadline closes the call on read, whatever is stored here. */
  status: 'open' | 'closed';
  closed_at: string | null;
  /** 1: hidden by staff. */
  hidden: number;
  /** What the board's full-text search reads (PostgreSQL: the generated `search` tsvector; SQLite: casting_calls_fts). */
  search_text: string;
  created_at: string;
  updated_at: string;
}
export interface CastingRolesTable {
  id: string;
  call_id: string;
  role_name: string;
  position: number;
  description: string;
  voice_notes: string;
  /** JSON array of script line ids, in script order. */
  sides: string;
  cast_member_id: string | null;
  cast_audition_id: string | null;
  cast_at: string | null;
}
export interface CastingAuditionsTable {
  id: string;
  role_id: string;
  member_id: string;
  status: 'sent' | 'withdrawn';
  audio_id: string | null;
  owner_note: string;
  shortlisted: number;
  rating: number | null;
  created_at: string;
  updated_at: string;
  /** Null while a draft (migration 201). */
  sent_at: string | null;
  /** The whole-audition file's length (migration 201). */
  audio_duration_ms: number | null;
}
export interface CastingAuditionTakesTable {
  audition_id: string;
  line_id: string;
  audio_id: string;
  content_type: string;
  byte_size: number;
  duration_ms: number | null;
  created_at: string;
  /** The browser's id of the recording (migration 202); null for takes stored before it. */
  client_id: string | null;
}
/** Migration 201. */
export interface CastingCallReportsTable {
  call_id: string;
  reporter_id: string;
  reason: string;
  created_at: string;
}
/** Migration 201: a member without a row shows their credits. */
export interface CastingMemberSettingsTable {
  user_id: string;
  show_credits: number;
}

// --- Events ---
export interface EventsTable {
  id: string;
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
  /** IANA zone the event is held in (for its local time). */
  time_zone: string;
  place: string | null;
  online_url: string | null;
  capacity: number;
  /** Confirmed registrations; moved only by a conditional UPDATE (never above capacity). */
  seats_taken: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface EventRegistrationsTable {
  id: string;
  event_id: string;
  user_id: string;
  status: 'confirmed' | 'waitlisted' | 'cancelled';
  queued_at: string;
  created_at: string;
  updated_at: string;
}

// --- The contact and pilot-programme forms ---
export interface FormRequestsTable {
  id: string;
  kind: 'contact' | 'pilot';
  name: string;
  email: string;
  /** JSON text of the other fields. */
  fields: string;
  user_id: string | null;
  created_at: string;
}

// --- Certificates ---
export interface CertificatesTable {
  /** Long and random: the verification link's capability. */
  id: string;
  recipient_id: string | null;
  recipient_name: string;
  course: string;
  event_id: string | null;
  class_id: string | null;
  issuer_id: string | null;
  issuer_name: string;
  issued_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

// --- Idempotency keys (POST /api/scripts with an Idempotency-Key header) ---
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** SHA-256 of the request body (hex). */
  request_hash: string;
  /** What the first request made (a script id); null while it is still being made. */
  result_id: string | null;
  created_at: string;
}

// --- Classes and assignments ---
export interface ClassesTable {
  id: string;
  teacher_id: string;
  name: string;
  term: string;
  description: string;
  created_at: string;
  archived_at: string | null;
}

export interface ClassMembersTable {
  class_id: string;
  user_id: string;
  joined_at: string;
  /** 1 when the class's teacher created the account (User ID from a list). */
  created_account: number;
}

export interface SetupCodesTable {
  user_id: string;
  code_hash: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  failed_attempts: number;
}

/** Wrong tries at one set-password code from one address. */
export interface SetupCodeAttemptsTable {
  user_id: string;
  address: string;
  failed_attempts: number;
}

export interface AssignmentsTable {
  id: string;
  class_id: string;
  script_id: string;
  instructions: string;
  due_at: string;
  created_by: string | null;
  created_at: string;
}

export interface AssignmentWorkTable {
  id: string;
  assignment_id: string;
  student_id: string;
  role_name: string;
  session_id: string;
  status: 'assigned' | 'submitted' | 'returned' | 'complete';
  submitted_at: string | null;
  reviewed_at: string | null;
  updated_at: string;
}

export interface WorkCommentsTable {
  id: string;
  work_id: string;
  author_id: string | null;
  line_id: string | null;
  take_id: string | null;
  at_ms: number | null;
  body: string;
  created_at: string;
}

// --- The audio library ---
export interface SoundsTable {
  id: string;
  owner_id: string;
  title: string;
  type: 'bgm' | 'sfx' | 'voice';
  /** JSON array of lower-case tags. */
  tags: string;
  licence: 'cc0' | 'cc-by' | 'all-rights-reserved';
  attribution: string;
  is_public: number;
  /** SHA-256 of the bytes; storage key `sounds/<file_id>`. */
  file_id: string;
  content_type: string;
  byte_size: number | string;
  duration_ms: number;
  sample_rate: number;
  channels: number;
  trim_start_ms: number;
  trim_end_ms: number | null;
  fade_in_ms: number;
  fade_out_ms: number;
  peaks_state: 'pending' | 'ready' | 'failed';
  peaks: string | null;
  source_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface SoundCuesTable {
  id: string;
  script_id: string;
  line_id: string;
  sound_id: string;
  at: 'start' | 'end' | 'bed';
  until_line_id: string | null;
  volume: number;
  position: number;
  created_at: string;
}

// --- The podcast variant ---
export interface PodcastChannelsTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  category: string;
  language: string;
  explicit: number;
  /** A photo id (photos table), or null. */
  cover: string | null;
  /** The name podcast apps show as the channel's author and owner. */
  author: string;
  created_at: string;
  updated_at: string;
}

export interface PodcastEpisodesTable {
  id: string;
  channel_id: string;
  title: string;
  notes: string;
  season: number | null;
  episode_number: number | null;
  /** SHA-256 of the audio: its storage key is `podcast/<audio_id>`. */
  audio_id: string;
  content_type: string;
  byte_size: number | string;
  duration_ms: number;
  status: 'draft' | 'scheduled' | 'published';
  publish_at: string | null;
  published_at: string | null;
  chapters: string | null;
  transcript: string | null;
  created_at: string;
  updated_at: string;
}

export interface PodcastFollowsTable {
  user_id: string;
  channel_id: string;
  created_at: string;
}

export interface PodcastFavoritesTable {
  user_id: string;
  episode_id: string;
  created_at: string;
}

export interface PodcastPlaylistsTable {
  id: string;
  owner_id: string;
  title: string;
  public: number;
  created_at: string;
  updated_at: string;
}

export interface PodcastPlaylistItemsTable {
  playlist_id: string;
  episode_id: string;
  position: number;
}

export interface PodcastPositionsTable {
  user_id: string;
  episode_id: string;
  position_ms: number;
  updated_at: string;
}

export interface PodcastPlaysTable {
  episode_id: string;
  listener: string;
  day: string;
  created_at: string;
}

export interface PodcastShareLinksTable {
  id: string;
  episode_id: string;
  created_by: string;
  start_seconds: number | null;
  created_at: string;
  revoked_at: string | null;
}
// --- Live table reads (migration 130) ---
export interface LivePresenceTable {
  connection_id: string;
  session_id: string;
  user_id: string;
  recording_line_id: string | null;
  connected_at: string;
  seen_at: string;
}

export interface LiveLinkAdmissionsTable {
  session_id: string;
  user_id: string;
  link_id: string;
  created_at: string;
}

export interface LiveBurstsTable {
  session_id: string;
  user_id: string;
  notification_id: string;
  /** JSON array of line ids. */
  line_ids: string;
  updated_at: string;
}

// --- Conversations (migration 155) ---
export interface DirectMessagesTable {
  /** The recipient's notification id for it: time-ordered. */
  id: string;
  sender_id: string;
  recipient_id: string;
  text: string;
  reply_to_id: string | null;
  created_at: string;
}

export interface ConversationReadsTable {
  user_id: string;
  other_id: string;
  /** The newest of the other member's messages I have read. */
  last_read_id: string;
}

// --- The finished read (migration 140) ---
export interface ReadRendersTable {
  id: string;
  session_id: string;
  requested_by: string;
  kind: 'download' | 'episode';
  fill: 'speech' | 'skip';
  channel_id: string | null;
  title: string | null;
  publish: 'now' | 'draft' | null;
  job_id: string | null;
  state: 'queued' | 'rendering' | 'done' | 'failed';
  error: string | null;
  /** SHA-256 of the MP3: its storage key is `renders/<audio_id>`. */
  audio_id: string | null;
  byte_size: number | string | null;
  duration_ms: number | null;
  episode_id: string | null;
  share_token: string | null;
  created_at: string;
  finished_at: string | null;
}

// --- The first hour (migration 150) ---
/** The finished read the front door plays for a demo scene, chosen by staff. */
export interface FeaturedReadsTable {
  script_id: string;
  session_id: string;
  featured_at: string;
}
