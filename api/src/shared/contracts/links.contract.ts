/**
 * What a signed link may do (core/links/signed-links.ts signs and checks them): one purpose per link, checked on use,
 * so a cancel link never accepts an offer and a token of one table never names a row of another. An area that mails
 * a new kind of link adds its purpose here, not in core.
 */
export const LINK_PURPOSES = [
  'cancel-registration',
  'accept-waitlist-offer',
  'accept-program-waitlist-offer',
  // Issue 29 §1.4: a waitlist join is confirmed by a link to its address before it takes a place in line.
  'confirm-waitlist-join',
  'confirm-program-waitlist-join',
] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];
