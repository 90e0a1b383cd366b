import { Binary, ErrorBody as E, HealthStatus, NoContent, ReadyStatus } from './common';
import {
  Checkout,
  CheckoutBody,
  CheckoutParams,
  Html,
  MembershipUserQuery,
  PaymentParams,
  PlanList,
  Redirect,
  SubscriptionDetail,
  SubscriptionDetailList,
  SubscriptionParams,
  TestCheckoutForm,
  WebhookAnswer,
  WebhookBody,
} from './membership';
import { EventAttendeeList, EventInput, EventList, EventParams, EventRegistrationResult, EventsQuery, EventSummary } from './events';
import { Certificate, CertificateInput, CertificateList, CertificateParams, ContactInput, FormRequestList, FormRequestsQuery, FormSent, PilotInput } from './school';
import {
  Draft,
  DraftCreate,
  DraftList,
  DraftListQuery,
  DraftParams,
  DraftRename,
  DraftRevision,
  DraftRevisionCreate,
  DraftRevisionList,
  DraftRevisionParams,
  DraftSave,
  Template,
  TemplateInput,
  TemplateList,
  TemplateParams,
} from './drafts';
import { MetricsAnswer, MetricsQuery } from './metrics';
import { JobFailuresBody, JobFailuresQuery, JobParams, JobStatusBody } from './jobs';
import {
  AudioParams,
  ClaimRoleBody,
  HistoryList,
  HistoryQuery,
  InvitationInput,
  LinkParams,
  Participant,
  Script,
  ScriptInput,
  ScriptList,
  ScriptListQuery,
  ScriptParams,
  SessionDetail,
  SessionParams,
  ShareLink,
  ShareLinkInput,
  ShareLinkList,
  Take,
  TakeParams,
} from './scripts';
import {
  ActivityEntry,
  DirectMessageBody,
  DirectMessageResult,
  FriendRequestBody,
  FriendRequestResult,
  FriendRequests,
  FriendshipList,
  HandleParams,
  MyProfile,
  NewNotifications,
  NewNotificationsQuery,
  NotificationList,
  NotificationListQuery,
  PhotoParams,
  Profile,
  ProfileUpdate,
  ScriptSession,
  ScriptSessionParams,
  SeenMark,
  SeenMarkBody,
  ShareLinkSession,
  ShareLinkSessionParams,
  SubscriptionList,
  UserIdParams,
} from './social';
import {
  CreateUserBody,
  Credentials,
  MessageBody,
  MicrosoftSignInBody,
  PasswordCodeBody,
  PasswordResetBody,
  PasswordVerifyBody,
  PublicConfig,
  SignInResult,
  SubscriptionsQuery,
  User,
} from './users';

/**
 * The request and answer schemas of every API call, keyed by the names of `endpoints`
 * (./endpoints.ts, which holds method, path and auth as plain values for the web). Each entry is
 * a route `schema` Fastify takes as it is: params, querystring, body and one answer per status.
 * Multipart uploads have no `body` schema: their fields are checked by the route.
 */
export const endpointSchemas = {
  health: { response: { 200: HealthStatus } },
  ready: { response: { 200: ReadyStatus, 503: ReadyStatus } },

  // --- Accounts and sign-in (seed section 7) ---
  createUser: { body: CreateUserBody, response: { 201: User, 400: E, 409: E, 429: E } },
  passwordCode: { body: PasswordCodeBody, response: { 200: MessageBody, 400: E, 429: E } },
  passwordVerify: { body: PasswordVerifyBody, response: { 200: MessageBody, 400: E, 429: E } },
  passwordReset: { body: PasswordResetBody, response: { 200: MessageBody, 400: E, 429: E } },
  authenticate: { body: Credentials, response: { 200: SignInResult, 400: E, 401: E, 429: E } },
  authenticateMicrosoft: { body: MicrosoftSignInBody, response: { 200: SignInResult, 400: E, 401: E, 409: E, 429: E, 503: E } },
  /** 204: no refresh cookie came (not signed in); 401: the cookie cannot be used. */
  refreshToken: { response: { 200: SignInResult, 204: NoContent, 401: E } },
  signOut: { response: { 204: NoContent } },
  subscriptions: { querystring: SubscriptionsQuery, response: { 200: SubscriptionList, 401: E, 403: E } },
  publicConfig: { response: { 200: PublicConfig } },

  // --- Friends ---
  friendships: { response: { 200: FriendshipList, 401: E } },
  friendRequests: { response: { 200: FriendRequests, 401: E } },
  sendFriendRequest: { body: FriendRequestBody, response: { 200: FriendRequestResult, 400: E, 401: E, 404: E, 409: E, 429: E } },
  acceptFriendRequest: { params: UserIdParams, response: { 200: MessageBody, 401: E, 404: E } },
  declineFriendRequest: { params: UserIdParams, response: { 200: MessageBody, 401: E, 404: E } },
  cancelFriendRequest: { params: UserIdParams, response: { 200: MessageBody, 401: E, 404: E } },
  removeFriend: { params: UserIdParams, response: { 200: MessageBody, 401: E, 404: E } },

  // --- Messages ---
  newNotifications: { querystring: NewNotificationsQuery, response: { 200: NewNotifications, 401: E } },
  notifications: { querystring: NotificationListQuery, response: { 200: NotificationList, 401: E } },
  notificationsSeen: { response: { 200: SeenMark, 401: E } },
  markNotificationsSeen: { body: SeenMarkBody, response: { 200: SeenMark, 401: E, 404: E } },
  sendMessage: { body: DirectMessageBody, response: { 201: DirectMessageResult, 400: E, 401: E, 403: E, 429: E } },

  // --- Profiles and photos ---
  profile: { params: UserIdParams, response: { 200: Profile, 404: E } },
  profileByHandle: { params: HandleParams, response: { 200: Profile, 404: E } },
  updateMyProfile: { body: ProfileUpdate, response: { 200: MyProfile, 400: E, 401: E, 409: E } },
  userPhoto: { params: PhotoParams, response: { 200: Binary, 304: NoContent, 404: E } },
  uploadMyPhoto: { response: { 200: MyProfile, 400: E, 401: E, 406: E, 413: E, 415: E, 422: E } },
  removeMyPhoto: { response: { 200: MyProfile, 401: E } },

  postActivity: { body: ActivityEntry, response: { 204: NoContent, 400: E, 403: E, 429: E } },

  // --- Scripts ---
  scripts: { querystring: ScriptListQuery, response: { 200: ScriptList, 401: E, 403: E } },
  createScript: { body: ScriptInput, response: { 201: Script, 400: E, 401: E } },
  script: { params: ScriptParams, response: { 200: Script, 401: E, 404: E } },
  saveScript: { params: ScriptParams, body: ScriptInput, response: { 200: Script, 400: E, 401: E, 403: E, 404: E } },
  deleteScript: { params: ScriptParams, response: { 204: NoContent, 401: E, 403: E, 404: E } },
  uploadScriptCover: { params: ScriptParams, response: { 200: Script, 400: E, 401: E, 403: E, 404: E, 406: E, 413: E, 415: E } },
  removeScriptCover: { params: ScriptParams, response: { 200: Script, 401: E, 403: E, 404: E } },
  scriptSession: { params: ScriptSessionParams, response: { 200: ScriptSession, 401: E, 404: E } },

  // --- Reading sessions, takes and share links ---
  shareLinkSession: { params: ShareLinkSessionParams, response: { 200: ShareLinkSession, 401: E, 404: E } },
  revokeShareLink: { params: LinkParams, response: { 204: NoContent, 401: E, 403: E, 404: E } },
  session: { params: SessionParams, response: { 200: SessionDetail, 401: E, 404: E } },
  claimRole: { params: SessionParams, body: ClaimRoleBody, response: { 200: Participant, 400: E, 401: E, 404: E, 409: E } },
  uploadTake: {
    params: SessionParams,
    response: { 200: Take, 201: Take, 400: E, 401: E, 403: E, 404: E, 406: E, 413: E, 415: E },
  },
  deleteTake: { params: TakeParams, response: { 204: NoContent, 401: E, 403: E, 404: E } },
  pickTake: { params: TakeParams, response: { 200: Take, 401: E, 403: E, 404: E } },
  shareLinks: { params: SessionParams, response: { 200: ShareLinkList, 401: E, 404: E } },
  createShareLink: { params: SessionParams, body: ShareLinkInput, response: { 201: ShareLink, 400: E, 401: E, 404: E } },
  inviteToSession: { params: SessionParams, body: InvitationInput, response: { 201: ShareLink, 400: E, 401: E, 403: E, 404: E } },
  // --- Background jobs (staff) ---
  jobFailures: { querystring: JobFailuresQuery, response: { 200: JobFailuresBody, 401: E, 403: E } },
  jobStatus: { params: JobParams, response: { 200: JobStatusBody, 401: E, 403: E, 404: E } },

  audio: { params: AudioParams, response: { 200: Binary, 206: Binary, 304: NoContent, 404: E, 416: E } },
  history: { querystring: HistoryQuery, response: { 200: HistoryList, 401: E } },

  // --- Membership (issue 15) ---
  plans: { response: { 200: PlanList } },
  startCheckout: { body: CheckoutBody, response: { 201: Checkout, 400: E, 401: E, 404: E } },
  checkout: { params: CheckoutParams, response: { 200: Checkout, 401: E, 404: E } },
  testCheckoutPage: { params: CheckoutParams, response: { 200: Html, 303: Redirect, 404: E } },
  testCheckoutSubmit: { params: CheckoutParams, body: TestCheckoutForm, response: { 200: Html, 303: Redirect, 400: E, 402: Html, 404: E } },
  stripeWebhook: { body: WebhookBody, response: { 200: WebhookAnswer, 400: E, 404: E } },
  membershipSubscriptions: { querystring: MembershipUserQuery, response: { 200: SubscriptionDetailList, 401: E, 403: E } },
  cancelSubscription: { params: SubscriptionParams, response: { 200: SubscriptionDetail, 401: E, 403: E, 404: E, 409: E } },
  resumeSubscription: { params: SubscriptionParams, response: { 200: SubscriptionDetail, 401: E, 403: E, 404: E, 409: E } },
  endSubscription: { params: SubscriptionParams, response: { 200: SubscriptionDetail, 401: E, 403: E, 404: E } },
  refundPayment: { params: PaymentParams, response: { 200: SubscriptionDetail, 401: E, 403: E, 404: E, 409: E } },
  // --- Events (issue 18) ---
  events: { querystring: EventsQuery, response: { 200: EventList } },
  event: { params: EventParams, response: { 200: EventSummary, 404: E } },
  createEvent: { body: EventInput, response: { 201: EventSummary, 400: E, 401: E, 403: E } },
  registerForEvent: { params: EventParams, response: { 200: EventRegistrationResult, 401: E, 404: E, 409: E, 429: E } },
  cancelEventRegistration: { params: EventParams, response: { 200: EventRegistrationResult, 401: E, 404: E } },
  eventAttendees: { params: EventParams, response: { 200: EventAttendeeList, 401: E, 403: E, 404: E } },

  // --- School: forms (issue 18) ---
  submitContact: { body: ContactInput, response: { 200: FormSent, 400: E, 429: E } },
  submitPilot: { body: PilotInput, response: { 200: FormSent, 400: E, 429: E } },
  formRequests: { querystring: FormRequestsQuery, response: { 200: FormRequestList, 401: E, 403: E } },

  // --- School: certificates (issue 18) ---
  myCertificates: { response: { 200: CertificateList, 401: E } },
  certificate: { params: CertificateParams, response: { 200: Certificate, 404: E } },
  issueCertificate: { body: CertificateInput, response: { 201: Certificate, 400: E, 401: E, 403: E, 404: E, 409: E } },
  revokeCertificate: { params: CertificateParams, response: { 200: Certificate, 401: E, 403: E, 404: E, 409: E } },
  // --- Drafts and templates (issue 13) ---
  drafts: { querystring: DraftListQuery, response: { 200: DraftList, 401: E, 403: E } },
  createDraft: { body: DraftCreate, response: { 201: Draft, 400: E, 401: E, 403: E, 404: E } },
  draft: { params: DraftParams, response: { 200: Draft, 401: E, 403: E, 404: E } },
  saveDraft: { params: DraftParams, body: DraftSave, response: { 200: Draft, 400: E, 401: E, 403: E, 404: E, 409: E } },
  renameDraft: { params: DraftParams, body: DraftRename, response: { 200: Draft, 400: E, 401: E, 403: E, 404: E } },
  deleteDraft: { params: DraftParams, response: { 204: NoContent, 401: E, 403: E, 404: E } },
  duplicateDraft: { params: DraftParams, response: { 201: Draft, 401: E, 403: E, 404: E } },
  draftPdf: { params: DraftParams, response: { 200: Binary, 401: E, 403: E, 404: E } },
  draftRevisions: { params: DraftParams, response: { 200: DraftRevisionList, 401: E, 403: E, 404: E } },
  createDraftRevision: { params: DraftParams, body: DraftRevisionCreate, response: { 201: DraftRevision, 400: E, 401: E, 403: E, 404: E } },
  draftRevision: { params: DraftRevisionParams, response: { 200: DraftRevision, 401: E, 403: E, 404: E } },
  restoreDraftRevision: { params: DraftRevisionParams, response: { 200: Draft, 401: E, 403: E, 404: E } },
  templates: { response: { 200: TemplateList, 401: E, 403: E } },
  createTemplate: { body: TemplateInput, response: { 201: Template, 400: E, 401: E, 403: E } },
  template: { params: TemplateParams, response: { 200: Template, 401: E, 403: E, 404: E } },
  saveTemplate: { params: TemplateParams, body: TemplateInput, response: { 200: Template, 400: E, 401: E, 403: E, 404: E } },
  deleteTemplate: { params: TemplateParams, response: { 204: NoContent, 401: E, 403: E, 404: E } },
  // --- Metrics (issue 17) ---
  metrics: { querystring: MetricsQuery, response: { 200: MetricsAnswer, 400: E, 401: E, 403: E } },
} as const;

export type EndpointSchemas = typeof endpointSchemas;
