/**
 * How long each kind of secret link works (docs/decisions/0109 says why): the one home of these
 * numbers, read by the server (app/domain/access-tokens.server.ts) and by the admin's texts.
 */
export const LINK_LIFETIME_DAYS = {
  /** A preview link, from when it is made: a review round, renewable with one click. */
  preview: 30,
  /** The calendar feed, from when it is made: calendar apps subscribe once and poll for months. */
  feed: 365,
  /** A booking's links, after the meeting ends: nothing changes a past meeting, the page only recalls it. */
  bookingAfterMeeting: 7,
} as const;
